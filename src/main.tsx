import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createApp } from './app/app'
import { watchInstallOffer } from './pwa/install-prompt'
import { recoverFromStaleApp } from './pwa/recover-stale-app'
import { startServiceWorker } from './pwa/service-worker'

watchInstallOffer()
recoverFromStaleApp()
startServiceWorker()

/**
 * The next task: the browser may paint the app's frame and answer a tap between two steps of the start,
 * so that on a slow phone no step of it is one long task. A message, not a timer, which a background tab
 * would hold back.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })

/**
 * Evaluating the scripts is one task; reading the session, building the router and loading the first
 * screen, the next; the first render, in slices (a transition), from there on.
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
