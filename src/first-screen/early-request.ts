/** The first screen's data request, started by index.html's inline script before the app's JS arrives. */
export type EarlyRequest = { url: string; startedAt: number; response: Promise<Response> }

declare global {
  interface Window {
    __roostEarly?: EarlyRequest
  }
}

export type EarlyWindow = Pick<
  Window,
  'location' | 'navigator' | 'fetch' | 'document' | 'requestAnimationFrame' | 'setTimeout' | 'localStorage'
> & {
  __roostEarly?: EarlyRequest
  /** Not in every browser's window. */
  PerformanceObserver?: typeof PerformanceObserver
  /** Absent where the browser blocks storage. */
  sessionStorage?: Pick<Storage, 'getItem'>
}

/** An early answer older than this is not used: the app fetches afresh. */
const MAX_AGE_MS = 15_000

/** The early request's response if it is for this URL (once; the next caller fetches normally). */
export function takeEarlyResponse(url: string, win: EarlyWindow = window): Promise<Response> | undefined {
  const early = win.__roostEarly
  if (!early || early.url !== url) return undefined
  win.__roostEarly = undefined
  return Date.now() - early.startedAt <= MAX_AGE_MS ? early.response : undefined
}
