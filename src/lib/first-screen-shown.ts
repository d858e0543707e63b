/** A photo as the first screen's wait sees it (an <img>). */
type Photo = {
  readonly complete: boolean
  readonly loading: string
  addEventListener(type: 'load' | 'error', listener: () => void, options: { once: true }): void
}

export type FirstScreen = {
  /** Says the router has drawn the first screen (called once, from its first `onRendered`). */
  rendered(): void
  /**
   * Resolves once the first screen is drawn and the photos it loads eagerly have arrived (or failed) and
   * been painted, or after `limitMs` at the latest, so nothing waits for a screen that never finishes.
   */
  shown(limitMs?: number): Promise<void>
}

const arrived = (photo: Photo) =>
  new Promise<void>((resolve) => {
    photo.addEventListener('load', () => resolve(), { once: true })
    photo.addEventListener('error', () => resolve(), { once: true })
  })

/** The next frame's end: a task queued from within a frame callback runs after that frame is painted. */
const afterNextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

export function createFirstScreen(
  photos: () => Iterable<Photo>,
  afterPaint: () => Promise<void> = afterNextPaint,
): FirstScreen {
  let markRendered = () => {}
  const rendered = new Promise<void>((resolve) => {
    markRendered = resolve
  })
  const loaded = rendered.then(async () => {
    const pending = [...photos()].filter((photo) => photo.loading !== 'lazy' && !photo.complete)
    await Promise.all(pending.map(arrived))
    // Not before the arrived photos are on screen: until then they are the screen's largest paint still to come.
    await afterPaint()
  })
  return {
    rendered: () => markRendered(),
    shown: (limitMs = 4000) =>
      Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]),
  }
}

/**
 * The page's first screen. What a first visit can do later (Dexie's chunk and the device database's
 * creation, the service worker's install, which downloads the whole app) waits for it, so that it does not
 * compete with the first screen's photo for a slow network and the main thread.
 */
export const firstScreen = createFirstScreen(() => (typeof document === 'undefined' ? [] : document.images))
