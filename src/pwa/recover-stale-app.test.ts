import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Handler = (event: { preventDefault: () => void }) => void

async function setUp() {
  vi.resetModules()
  const handlers = new Map<string, Handler>()
  const store = new Map<string, string>()
  const reload = vi.fn()
  vi.stubGlobal('window', {
    addEventListener: (name: string, handler: Handler) => handlers.set(name, handler),
    location: { reload },
  })
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
  })
  const { recoverFromStaleApp } = await import('./recover-stale-app')
  recoverFromStaleApp()
  const preloadError = () => {
    const event = { preventDefault: vi.fn() }
    handlers.get('vite:preloadError')?.(event)
    return event
  }
  return { reload, preloadError }
}

describe('a stale chunk after a deploy reloads the app once, never in a loop', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 10, 21) }))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('reloads on the first failed chunk and handles the error', async () => {
    const { reload, preloadError } = await setUp()
    const event = preloadError()
    expect(reload).toHaveBeenCalledTimes(1)
    expect(event.preventDefault).toHaveBeenCalled()
  })

  it('lets the error show when the chunk fails again right after the reload', async () => {
    const { reload, preloadError } = await setUp()
    preloadError()
    vi.advanceTimersByTime(5_000)
    const again = preloadError()
    expect(reload).toHaveBeenCalledTimes(1)
    expect(again.preventDefault).not.toHaveBeenCalled()
  })

  it('offline, a chunk that fails for want of a network does not reload the page away', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const { reload, preloadError } = await setUp()
    const event = preloadError()
    expect(reload).not.toHaveBeenCalled()
    expect(event.preventDefault).not.toHaveBeenCalled()
  })
})
