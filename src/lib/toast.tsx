import { lazy, Suspense } from 'react'

// react-toastify (~10 kB gzip) loads in its own chunk: toasts are rare and never part of the first paint.
const loadToasts = () => import('./toast-container')
const ToastArea = lazy(loadToasts)

/** The app's toast area (mounted once, in the root layout). */
export function Toasts() {
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  )
}

type Kind = 'success' | 'error' | 'info'

// A toast raised before the area has mounted is queued by react-toastify and shown once it has.
const show = (kind: Kind, message: string) => {
  void loadToasts().then(({ toast }) => toast[kind](message, { toastId: `${kind}:${message}` }))
}

/** Shows a notice; the same text is never stacked twice. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
}
