import { useSyncExternalStore } from 'react'
import { acceptUpdate, dismissUpdate, isUpdateWaiting, subscribeUpdate } from './service-worker'
import { hasUnsavedChanges, subscribeUnsavedChanges } from './unsaved-changes'
import './pwa.css'

/** Offers a waiting new version; held back while a form has unsaved input, so reloading never loses it. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false)
  const formDirty = useSyncExternalStore(subscribeUnsavedChanges, hasUnsavedChanges, () => false)
  if (!waiting || formDirty) return null
  return (
    <section className="update-prompt" aria-label="Update">
      <p role="status">A new version of Roost is available</p>
      <div className="update-prompt__actions">
        <button type="button" className="button button--primary" onClick={acceptUpdate}>
          Reload
        </button>
        <button type="button" className="button button--ghost" onClick={dismissUpdate}>
          Later
        </button>
      </div>
    </section>
  )
}
