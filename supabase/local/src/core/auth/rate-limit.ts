/** A fixed-window counter per key, in memory: enough for one local process. */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; false once the key has used up its window. */
  hit(key: string): boolean {
    const now = this.now()
    const current = this.#windows.get(key)
    if (!current || now - current.start >= this.windowMs) {
      this.#windows.set(key, { start: now, count: 1 })
      if (this.#windows.size > 10_000) this.#prune(now)
      return true
    }
    current.count += 1
    return current.count <= this.limit
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now - window.start >= this.windowMs) this.#windows.delete(key)
    }
  }
}
