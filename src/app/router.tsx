import { createRouter } from '@tanstack/react-router'
import { PageSpinner } from '../components/spinner'
import type { AuthSession } from '../lib/auth-session'
import { routeTree } from '../routeTree.gen'
import { RouteError } from './route-error'

export function createAppRouter(auth: AuthSession) {
  return createRouter({
    routeTree,
    context: { auth },
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultPendingComponent: PageSpinner,
    defaultPendingMs: 300,
    defaultErrorComponent: RouteError,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
