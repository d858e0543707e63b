import { RouterProvider } from '@tanstack/react-router'
import type { ComponentType } from 'react'
import { readEarlyAnswer } from '../first-screen/early-listings'
import { createAuthSession } from '../lib/auth-session'
import { provideEarlyAnswer } from '../lib/early-answer'
import { firstScreen } from '../lib/first-screen-shown'
import { dismissStaleErrors, markErrorsStale } from '../lib/toast'
import { nextTask } from '../utils/next-task'
import { createAppRouter } from './router'
// Explore's slide and slider, which index.html draws early, in the first stylesheet: Explore's code is split from the
// start (SPLIT_LANDING_SCREENS), its styles are not.
import '../features/listings/components/explore.css'
// After the screens' own styles, as the cascade expects; in the app's start chunk, so one stylesheet blocks the first paint.
import '../styles/global.css'
// In the first stylesheet: index.html's early drawing of /search has the Save search button (early-cards.ts).
import '../features/saved-searches/components/save-search.css'
// The rules index.html's early drawing of a listing page needs, in the first stylesheet (first-stylesheet.ts).
import '../features/listings/first-screen.css'

/** How long the start waits for the first screen's route and data before it mounts the app regardless. */
const FIRST_LOAD_WAIT_MS = 2500

/**
 * The session and the router, wired together; the component that renders them, and `loaded`, which settles
 * once the first screen's route and data are in (or after FIRST_LOAD_WAIT_MS). Called once, at start.
 */
export function createApp(): { App: ComponentType; loaded: Promise<void> } {
  // Before any loader runs: the first screen's reads take index.html's early answer through this port.
  provideEarlyAnswer(readEarlyAnswer)
  const auth = createAuthSession()
  const router = createAppRouter(auth)
  // The server learns when a signed-in person opens the app (emails go to landlords away for a day); loaded
  // beside the first render, not in it.
  void import('../lib/app-openings').then(({ watchAppOpenings }) => watchAppOpenings(auth))

  // Re-run guards and loaders when the user signs in or out, so protected screens react at once.
  let lastStatus = auth.getState().status
  auth.subscribe(() => {
    const status = auth.getState().status
    if (status !== lastStatus && lastStatus !== 'checking') void router.invalidate()
    lastStatus = status
  })

  // An error toast does not outlive its screen: a person who moves on (not a guard's redirect, which
  // happens while a navigation is already under way) no longer sees the old failure.
  router.subscribe('onBeforeNavigate', (event) => {
    if (event.pathChanged && router.state.status === 'idle') markErrorsStale()
  })
  router.subscribe('onResolved', () => dismissStaleErrors())
  // The first screen is drawn: what a first visit puts off (src/lib/first-screen-shown.ts) waits for its photos next.
  const unsubscribeRendered = router.subscribe('onRendered', () => {
    firstScreen.rendered()
    unsubscribeRendered()
  })

  // Back online, every screen that showed the device's copy (or said what needs a connection) reads afresh,
  // without a reload. Creating a listing is left alone: its loader only opens a draft from this device.
  window.addEventListener('online', () => {
    void router.invalidate({ filter: (match) => match.routeId !== '/_authenticated/create-listing' })
  })

  // Mounting before the router has matched and loaded would commit an empty tree first: index.html's frame
  // (and the cards it may already show, src/first-screen/early-cards.ts) would give way to a blank page. The router
  // keeps what it loaded here and does not load it again when it mounts. The load starts in a task of its
  // own: building the router and matching and loading the first screen are each a long step on a slow phone.
  const loaded = Promise.race([
    nextTask()
      .then(() => router.load())
      .catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_LOAD_WAIT_MS)),
  ])

  return {
    loaded,
    App: function App() {
      return <RouterProvider router={router} />
    },
  }
}
