import { afterEach, beforeEach, expect, test, vi } from 'vitest'

type Options = {
  onNeedRefresh?: () => void
  onRegisteredSW?: (url: string, registration: ServiceWorkerRegistration | undefined) => void
}
const sw = vi.hoisted(() => ({ options: undefined as Options | undefined }))

vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: Options) => {
    sw.options = options
    return async () => undefined
  },
}))
vi.mock('../lib/first-screen-shown', () => ({ firstScreen: { shown: () => Promise.resolve() } }))

const { dismissUpdate, isUpdateWaiting, startServiceWorker } = await import('./service-worker')

beforeEach(() => {
  vi.stubGlobal('navigator', { serviceWorker: {}, onLine: true })
  vi.stubGlobal('document', { readyState: 'complete', addEventListener: () => undefined })
  vi.stubGlobal('window', { setInterval: () => 0, addEventListener: () => undefined })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

test('a version offered and put off with Later is not offered again; the next version is', async () => {
  startServiceWorker()
  await vi.waitFor(() => expect(sw.options).toBeDefined())
  const registration = { waiting: { scriptURL: '/sw.js?v1' } } as unknown as ServiceWorkerRegistration
  sw.options?.onRegisteredSW?.('/sw.js', registration)

  sw.options?.onNeedRefresh?.()
  expect(isUpdateWaiting()).toBe(true)
  dismissUpdate()
  expect(isUpdateWaiting()).toBe(false)
  // workbox-window's second word for the same version (installed, then waiting): Later still holds.
  sw.options?.onNeedRefresh?.()
  expect(isUpdateWaiting()).toBe(false)

  Object.assign(registration, { waiting: { scriptURL: '/sw.js?v2' } })
  sw.options?.onNeedRefresh?.()
  expect(isUpdateWaiting()).toBe(true)
})
