import { Slide, ToastContainer, toast } from 'react-toastify'

export { toast }

/** The toast area, configured as spec §2 fixes it. */
export default function ToastArea() {
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
