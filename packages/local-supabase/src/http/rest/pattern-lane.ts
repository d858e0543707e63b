import os from 'node:os'
import type { Filter } from '../../core/rest/filter'

const REGEX_OPERATORS = new Set(['match', 'imatch'])

/** Whether a read filters by a regular expression, the one filter whose cost a caller controls. */
export function usesPatternFilter(filters: Filter[]): boolean {
  return filters.some((filter) =>
    filter.kind === 'logic'
      ? usesPatternFilter(filter.children)
      : (filter.operation.type === 'compare' || filter.operation.type === 'quantified') &&
        REGEX_OPERATORS.has(filter.operation.op),
  )
}

/**
 * Reads that filter by a regular expression run a few at a time, in a lane of their own: a regex can
 * burn a core until the role's statement_timeout, and on a small machine twenty of them would starve
 * every other request. They wait for the lane holding no database connection.
 */
export class PatternLane {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(readonly size = Math.max(1, Math.floor(os.availableParallelism() / 4))) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.running += 1
    try {
      return await work()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running -= 1
    }
  }
}

export const patternLane = new PatternLane()
