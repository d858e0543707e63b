/** Chromium's install offer (not in the DOM typings). */
type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let offer: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

/** Keeps the browser's install offer for the Install button; call before the app renders, as it may come early. */
export function watchInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    offer = event as BeforeInstallPromptEvent
    notify()
  })
  window.addEventListener('appinstalled', () => {
    offer = null
    notify()
  })
}

export const canInstall = () => offer !== null

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function install(): Promise<void> {
  const current = offer
  if (!current) return
  offer = null
  notify()
  await current.prompt()
}
