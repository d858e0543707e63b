import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createApp } from './app/app'
import { watchInstallOffer } from './pwa/install-prompt'
import { recoverFromStaleApp } from './pwa/recover-stale-app'
import { startServiceWorker } from './pwa/service-worker'
import { nextTask } from './utils/next-task'

watchInstallOffer()
recoverFromStaleApp()
startServiceWorker()

/**
 * Evaluating the scripts is one task; reading the session and building the router, the next; loading the
 * first screen, the one after (createApp); the first render, in slices (a transition), from there on.
 */
async function start(container: HTMLElement) {
  await nextTask()
  const { App, loaded } = createApp()
  await loaded
  await nextTask()
  const root = createRoot(container)
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
}

const container = document.getElementById('root')
if (container) void start(container)
