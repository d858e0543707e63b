import { useEffect, useSyncExternalStore } from 'react'

// Which screens show homes from this device's copy right now: the offline banner ("Showing homes saved on
// this device…") is true only while one does, so it shows there and nowhere else.

let shown = 0
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const anyShown = () => shown > 0

/** Marks the calling screen as showing homes (from the device when offline) while `showing` is true. */
export function useShowsHomes(showing: boolean): void {
  useEffect(() => {
    if (!showing) return
    shown += 1
    notify()
    return () => {
      shown -= 1
      notify()
    }
  }, [showing])
}

/** Whether a screen on view shows homes. */
export function useHomesShown(): boolean {
  return useSyncExternalStore(subscribe, anyShown, anyShown)
}
