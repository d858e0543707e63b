/** Joins one socket may make in a second before they are refused (hosted limits joins per second too). */
export const JOINS_PER_SECOND = 20
/** Refused joins in a second after which the socket is closed: a client that keeps flooding. */
const FLOOD_REFUSALS = 3 * JOINS_PER_SECOND

/** Counts a socket's joins in a sliding one-second window. */
export class JoinLimiter {
  private joins: number[] = []
  private refused: number[] = []

  constructor(private readonly now: () => number = Date.now) {}

  /** True when one more join may go ahead now (and counts it). */
  allow(): boolean {
    const t = this.now()
    this.joins = this.joins.filter((at) => t - at < 1_000)
    if (this.joins.length >= JOINS_PER_SECOND) {
      this.refused = this.refused.filter((at) => t - at < 1_000)
      this.refused.push(t)
      return false
    }
    this.joins.push(t)
    return true
  }

  /** True when so many joins were refused within a second that the socket should go. */
  flooding(): boolean {
    return this.refused.length >= FLOOD_REFUSALS
  }
}
