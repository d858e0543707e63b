import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { BottomNav } from '../components/bottom-nav'
import { NotFound } from '../components/not-found'
import { useUnreadCount } from '../features/messages/api/unread'
import { OfflineBanner } from '../features/offline/components/offline-banner'
import type { AuthSession } from '../lib/auth-session'
import { Toasts } from '../lib/toast'
import { InstallButton } from '../pwa/install-button'
import { UpdatePrompt } from '../pwa/update-prompt'

const BackgroundSync = lazy(() => import('./-background-sync'))

export type RouterContext = { auth: AuthSession }

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <NotFound />,
})

function RootLayout() {
  const unread = useUnreadCount()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-bar">
        <Link to="/" className="app-bar__brand" aria-label="Roost home">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
            <path d="M4 15 16 5l12 10v12a1 1 0 0 1-1 1h-7v-8h-8v8H5a1 1 0 0 1-1-1z" fill="currentColor" />
          </svg>
          <span>Roost</span>
        </Link>
        <InstallButton />
        <BottomNav unread={unread} />
      </header>
      <OfflineBanner />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <UpdatePrompt />
      <Suspense fallback={null}>
        <BackgroundSync />
      </Suspense>
      <Toasts />
    </>
  )
}
