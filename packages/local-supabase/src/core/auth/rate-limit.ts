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

  /** Seconds until the key's window ends (0 when it has none). */
  secondsLeft(key: string): number {
    const current = this.#windows.get(key)
    if (!current) return 0
    return Math.max(0, Math.ceil((current.start + this.windowMs - this.now()) / 1000))
  }

  /** Forgets a key, e.g. once what it counted is settled. */
  reset(key: string): void {
    this.#windows.delete(key)
  }

  #prune(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now - window.start >= this.windowMs) this.#windows.delete(key)
    }
  }
}
