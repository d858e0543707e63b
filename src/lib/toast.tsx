import { Slide, ToastContainer, toast } from 'react-toastify'

/** The app's toast area, configured as spec §2 fixes it. */
export function Toasts() {
  return (
    <ToastContainer
      autoClose={5000}
      position="top-right"
      theme="light"
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick
      draggable
      draggablePercent={80}
      transition={Slide}
    />
  )
}

/** Shows a notice; the same text is never stacked twice. */
export const notify = {
  success: (message: string) => toast.success(message, { toastId: `success:${message}` }),
  error: (message: string) => toast.error(message, { toastId: `error:${message}` }),
  info: (message: string) => toast.info(message, { toastId: `info:${message}` }),
}
