const LEASE_MS = 15_000

const tabId = Math.random().toString(36).slice(2)

type Lease = { owner: string; until: number }

const isLease = (value: unknown): value is Lease =>
  typeof value === 'object' &&
  value !== null &&
  'owner' in value &&
  typeof value.owner === 'string' &&
  'until' in value &&
  typeof value.until === 'number'

function readLease(key: string): Lease | null {
  try {
    const lease: unknown = JSON.parse(localStorage.getItem(key) ?? 'null')
    // Another tab (or another version of the app) wrote it: trust only its shape.
    return isLease(lease) ? lease : null
  } catch {
    return null
  }
}

/** Where Web Locks are missing: a lease in localStorage, renewed while the work runs. Returns false if another tab holds it. */
async function withLease(key: string, work: () => Promise<void>): Promise<boolean> {
  const lease = readLease(key)
  if (lease && lease.owner !== tabId && lease.until > Date.now()) return false
  const hold = () => localStorage.setItem(key, JSON.stringify({ owner: tabId, until: Date.now() + LEASE_MS }))
  hold()
  if (readLease(key)?.owner !== tabId) return false
  const renew = window.setInterval(hold, LEASE_MS / 3)
  try {
    await work()
  } finally {
    window.clearInterval(renew)
    if (readLease(key)?.owner === tabId) localStorage.removeItem(key)
  }
  return true
}

/**
 * Runs `work` while no other tab of this site runs work under the same name: Web Locks queue the tabs in turn
 * (no stealing), so a second tab waits and then finds the work done. Returns false when it was not run.
 */
export async function inOneTab(name: string, work: () => Promise<void>): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request(name, work)
    return true
  }
  return withLease(`${name}-lease`, work)
}
