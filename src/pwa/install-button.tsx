import { useSyncExternalStore } from 'react'
import { canInstall, install, subscribeInstallOffer } from './install-prompt'
import './pwa.css'

/** "Install app", shown only where the browser offers installation. */
export function InstallButton() {
  const available = useSyncExternalStore(subscribeInstallOffer, canInstall, () => false)
  if (!available) return null
  return (
    <button type="button" className="button button--secondary install-button" onClick={() => void install()}>
      Install app
    </button>
  )
}
