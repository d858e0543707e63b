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

// An error is about the attempt that failed: a later success, or leaving the screen it was raised on, makes
// it stale. Errors raised while a navigation is under way (a guard's reason) belong to the screen it opens.
const openErrors = new Map<string, { stale: boolean }>()

const dismissErrors = (which: (entry: { stale: boolean }) => boolean) => {
  const ids = [...openErrors].filter(([, entry]) => which(entry)).map(([id]) => id)
  if (ids.length === 0) return
  for (const id of ids) openErrors.delete(id)
  void loadToasts().then(({ toast }) => {
    for (const id of ids) toast.dismiss(id)
  })
}

// A toast raised before the area has mounted is queued by react-toastify and shown once it has.
const show = (kind: Kind, message: string) => {
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
  const toastId = `${kind}:${message}`
  if (kind === 'success') dismissErrors(() => true)
  if (kind === 'error') openErrors.set(toastId, { stale: false })
  void loadToasts().then(({ toast }) => toast[kind](message, { toastId }))
}

/** A navigation to another screen begins: the errors shown until now are about the screen being left. */
export function markErrorsStale(): void {
  for (const entry of openErrors.values()) entry.stale = true
}

/** The navigation has landed: the errors about the screen left behind go. */
export function dismissStaleErrors(): void {
  dismissErrors((entry) => entry.stale)
}

/** Shows a notice; the same text is never stacked twice. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
}
