import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { watchInstallOffer } from './pwa/install-prompt'
import { recoverFromStaleApp } from './pwa/recover-stale-app'
import { startServiceWorker } from './pwa/service-worker'
import './styles/global.css'

watchInstallOffer()
recoverFromStaleApp()
startServiceWorker()

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
