const LOCK_NAME = 'roost-drafts'
const LEASE_KEY = 'roost-drafts-lease'
const LEASE_MS = 15_000

const tabId = Math.random().toString(36).slice(2)

type Lease = { owner: string; until: number }

function readLease(): Lease | null {
  try {
    return JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as Lease | null
  } catch {
    return null
  }
}

/** Where Web Locks are missing: a lease in localStorage, renewed while the work runs. Returns false if another tab holds it. */
async function withLease(work: () => Promise<void>): Promise<boolean> {
  const lease = readLease()
  if (lease && lease.owner !== tabId && lease.until > Date.now()) return false
  const hold = () =>
    localStorage.setItem(LEASE_KEY, JSON.stringify({ owner: tabId, until: Date.now() + LEASE_MS }))
  hold()
  if (readLease()?.owner !== tabId) return false
  const renew = window.setInterval(hold, LEASE_MS / 3)
  try {
    await work()
  } finally {
    window.clearInterval(renew)
    if (readLease()?.owner === tabId) localStorage.removeItem(LEASE_KEY)
  }
  return true
}

/**
 * Runs `work` while no other tab of this site runs it: Web Locks queue the tabs in turn (no stealing), so
 * a second tab waits and then finds the drafts already published. Returns false when the work was not run.
 */
export async function inOneTab(work: () => Promise<void>): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request(LOCK_NAME, work)
    return true
  }
  return withLease(work)
}
