import { formatClock, formatDay, fromLondon } from './viewing-time'

// A run of viewing times: `Saturday 10:00–12:00, every 20 minutes` is six 20-minute times, back to back.

export const VIEWING_LENGTHS = [15, 20, 30, 45] as const
export type ViewingLength = (typeof VIEWING_LENGTHS)[number]

/** The most open times a listing offers (the database holds the same limit). */
export const MAX_OPEN_TIMES = 40

export type SlotRun = {
  /** London date, `2026-12-06`. */
  date: string
  /** London clock, `10:00`. */
  from: string
  /** The run's end (`12:00`); equal to `from` for a single time. */
  to: string
  minutes: ViewingLength
}

/** The starts of a run's times: every `minutes` from `from`, each ending by `to`; one time when to ≤ from. */
export function slotStarts(run: SlotRun): Date[] {
  const first = fromLondon(run.date, run.from)
  const end = fromLondon(run.date, run.to)
  const length = run.minutes * 60_000
  if (end.getTime() <= first.getTime()) return [first]
  const starts: Date[] = []
  for (let at = first.getTime(); at + length <= end.getTime(); at += length) starts.push(new Date(at))
  return starts
}

/** How a run reads: `Sat 6 Dec 10:00–12:00, every 20 minutes`, or one time's `Sat 6 Dec, 10:00 (20 minutes)`. */
export function describeRun(run: SlotRun): string {
  const starts = slotStarts(run)
  const first = starts[0]
  const last = starts.at(-1)
  if (!first || !last) return ''
  if (starts.length === 1) return `${formatDay(first)}, ${formatClock(first)} (${run.minutes} minutes)`
  const end = new Date(last.getTime() + run.minutes * 60_000)
  return `${formatDay(first)} ${formatClock(first)}–${formatClock(end)}, every ${run.minutes} minutes`
}
