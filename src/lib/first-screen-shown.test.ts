import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFirstScreen } from './first-screen-shown'

/** A photo that loads (or fails) when the test says so. */
function photo(loading: 'eager' | 'lazy' = 'eager', complete = false) {
  const listeners = new Map<string, () => void>()
  return {
    loading,
    complete,
    addEventListener: (type: string, listener: () => void) => {
      listeners.set(type, listener)
    },
    fire: (type: 'load' | 'error') => listeners.get(type)?.(),
  }
}

/** The next paint, as a timer: the browser paints a frame 16 ms after it is asked to. */
const painted = () => new Promise<void>((resolve) => setTimeout(resolve, 16))

/** Whether `promise` has settled, once pending callbacks have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false
  void promise.then(() => {
    settled = true
  })
  await vi.advanceTimersByTimeAsync(0)
  return settled
}

describe('first screen', () => {
  afterEach(() => vi.useRealTimers())

  it('waits for the first render, then for the eager photos not yet loaded', async () => {
    vi.useFakeTimers()
    const cover = photo()
    const second = photo()
    const belowTheFold = photo('lazy')
    const alreadyShown = photo('eager', true)
    const screen = createFirstScreen(() => [cover, second, belowTheFold, alreadyShown], painted)
    const shown = screen.shown()

    expect(await isSettled(shown)).toBe(false)
    screen.rendered()
    expect(await isSettled(shown)).toBe(false)
    cover.fire('load')
    expect(await isSettled(shown)).toBe(false)
    // A photo that fails to load does not hold the wait; the arrived photo's paint still does.
    second.fire('error')
    expect(await isSettled(shown)).toBe(false)
    await vi.advanceTimersByTimeAsync(16)
    expect(await isSettled(shown)).toBe(true)
  })

  it('reads the photos when the screen has rendered, not before', async () => {
    vi.useFakeTimers()
    const photos: ReturnType<typeof photo>[] = []
    const screen = createFirstScreen(() => photos, painted)
    const shown = screen.shown()
    const cover = photo()
    photos.push(cover)
    screen.rendered()

    expect(await isSettled(shown)).toBe(false)
    cover.fire('load')
    await vi.advanceTimersByTimeAsync(16)
    expect(await isSettled(shown)).toBe(true)
  })

  it('gives up after its limit, for a screen that never renders or a photo that never arrives', async () => {
    vi.useFakeTimers()
    const neverRendered = createFirstScreen(() => [], painted).shown(4000)
    const stuck = createFirstScreen(() => [photo()], painted)
    stuck.rendered()
    const neverLoaded = stuck.shown(4000)

    await vi.advanceTimersByTimeAsync(3999)
    expect(await isSettled(neverRendered)).toBe(false)
    expect(await isSettled(neverLoaded)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await isSettled(neverRendered)).toBe(true)
    expect(await isSettled(neverLoaded)).toBe(true)
  })
})
