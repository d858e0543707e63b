import { RouterProvider } from '@tanstack/react-router'
import { createAuthSession } from '../lib/auth-session'
import { createAppRouter } from './router'

const auth = createAuthSession()
const router = createAppRouter(auth)

// Re-run guards and loaders when the user signs in or out, so protected screens react at once.
let lastStatus = auth.getState().status
auth.subscribe(() => {
  const status = auth.getState().status
  if (status !== lastStatus && lastStatus !== 'checking') void router.invalidate()
  lastStatus = status
})

export function App() {
  return <RouterProvider router={router} />
}
