import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { PageSpinner } from '../components/spinner'

/** The sign-in guard (spec §4): waits for the session check, then shows the screen or sends the visitor to sign in. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const state = await context.auth.ready()
    if (state.status !== 'signedIn') {
      throw redirect({ to: '/sign-in', search: { redirect: location.href } })
    }
    return { user: state.user }
  },
  pendingComponent: PageSpinner,
  component: Outlet,
})
