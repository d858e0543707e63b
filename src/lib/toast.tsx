import { lazy, Suspense, useSyncExternalStore } from 'react'

// react-toastify (~10 kB gzip) loads in its own chunk on the first toast: most visits never raise one.
const loadToasts = () => import('./toast-container')
const ToastArea = lazy(loadToasts)

let requested = false
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const isRequested = () => requested

/** The app's toast area (placed once, in the root layout); it mounts when the first toast is asked for. */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribe, isRequested, isRequested)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  )
}

type Kind = 'success' | 'error' | 'info'

// A toast raised before the area has mounted is queued by react-toastify and shown once it has.
const show = (kind: Kind, message: string) => {
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
  void loadToasts().then(({ toast }) => toast[kind](message, { toastId: `${kind}:${message}` }))
}

/** Shows a notice; the same text is never stacked twice. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
}
