import { hasUnsavedChanges } from './unsaved-changes'

const RELOADED_AT = 'roost:stale-reload-at'
/** A second failure this soon after reloading is not a stale deploy: let the error show instead of looping. */
const LOOP_GUARD_MS = 30_000

function reloadOnce(): boolean {
  // Offline a chunk fails for want of a network, not because it is stale: a reload would only lose the page.
  if (hasUnsavedChanges() || globalThis.navigator?.onLine === false) return false
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0)
  if (Date.now() - last < LOOP_GUARD_MS) return false
  sessionStorage.setItem(RELOADED_AT, String(Date.now()))
  window.location.reload()
  return true
}

/**
 * After a deploy, an open tab may ask for code chunks that no longer exist ("Failed to fetch dynamically
 * imported module"): reload once into the new version. Also reload when a newer tab upgraded the device database.
 */
export function recoverFromStaleApp(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault()
  })
  window.addEventListener('roost:local-db-outdated', () => {
    reloadOnce()
  })
}
