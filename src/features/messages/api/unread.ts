import { useSyncExternalStore } from 'react'

// The number of conversations with news, shown in the navigation. Read when the app opens, comes back to
// the front, reconnects, sends something, or opens a conversation; never polled while hidden.

let count = 0
const listeners = new Set<() => void>()

function set(next: number) {
  if (next === count) return
  count = next
  for (const listener of listeners) listener()
}

/** Reads the count from the server (kept as it was when that fails, e.g. offline). */
export async function refreshUnread(): Promise<void> {
  if (!navigator.onLine) return
  try {
    const { fetchUnreadCount } = await import('./messages-remote')
    set(await fetchUnreadCount())
  } catch {
    // Kept: the next focus or reconnection reads it again.
  }
}

/** Signed out: nothing to show. */
export const clearUnread = () => set(0)

export function useUnreadCount(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => count,
    () => count,
  )
}
