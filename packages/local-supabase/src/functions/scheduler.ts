import type { Schedule } from './settings'

/** A pg_cron schedule: five cron fields evaluated in UTC (pg_cron's default), or every N seconds. */
export type CronSpec =
  | { kind: 'seconds'; every: number }
  | { kind: 'cron'; fields: Set<number>[]; anyDayOfMonth: boolean; anyDayOfWeek: boolean }

const RANGES: [number, number][] = [
  [0, 59], // minute
  [0, 23], // hour
  [1, 31], // day of month
  [1, 12], // month
  [0, 7], // day of week (0 and 7 are Sunday)
]

function parseField(text: string, [min, max]: [number, number]): Set<number> {
  const values = new Set<number>()
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part)
    if (!match) throw new Error(`"${part}" is not a cron field`)
    const from = match[1] === '*' ? min : Number(match[2])
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from
    const step = match[4] ? Number(match[4]) : 1
    if (from < min || to > max || from > to || step < 1) throw new Error(`"${part}" is out of range`)
    for (let v = from; v <= to; v += step) values.add(v)
  }
  return values
}

/** Parses pg_cron's schedule syntax; throws on anything it would refuse. */
export function parseCron(expression: string): CronSpec {
  const seconds = /^\s*(\d+)\s+seconds?\s*$/.exec(expression)
  if (seconds) {
    const every = Number(seconds[1])
    if (every < 1 || every > 59) throw new Error(`"${expression}": seconds must be 1 to 59`)
    return { kind: 'seconds', every }
  }
  const parts = expression.trim().split(/\s+/)
  if (parts.length !== 5) throw new Error(`"${expression}" is not a five-field cron schedule`)
  const fields = parts.map((part, i) => parseField(part, RANGES[i] as [number, number]))
  const dow = fields[4] as Set<number>
  if (dow.has(7)) dow.add(0)
  return { kind: 'cron', fields, anyDayOfMonth: parts[2] === '*', anyDayOfWeek: parts[4] === '*' }
}

/** Whether a five-field schedule fires in the minute of `at` (UTC); cron's rule for the two day fields. */
export function cronMatches(spec: Extract<CronSpec, { kind: 'cron' }>, at: Date): boolean {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = spec.fields as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ]
  if (!minute.has(at.getUTCMinutes()) || !hour.has(at.getUTCHours()) || !month.has(at.getUTCMonth() + 1)) {
    return false
  }
  const domOk = dayOfMonth.has(at.getUTCDate())
  const dowOk = dayOfWeek.has(at.getUTCDay())
  if (spec.anyDayOfMonth || spec.anyDayOfWeek) return domOk && dowOk
  return domOk || dowOk
}

export type Scheduler = { stop(): void }

/**
 * Runs `invoke` for each schedule when pg_cron would: five-field schedules at the start of each matching
 * minute, `N seconds` schedules every N seconds. Calls are not awaited before the next one, as pg_net's
 * requests are not; a failure is logged and the schedule carries on.
 */
export function startScheduler(
  schedules: Schedule[],
  invoke: (schedule: Schedule) => Promise<void>,
  log: (line: string) => void,
): Scheduler {
  const specs = schedules.map((schedule) => ({ schedule, spec: parseCron(schedule.cron) }))
  const intervals: NodeJS.Timeout[] = []
  let minuteTimer: NodeJS.Timeout | undefined
  let stopped = false
  const fire = (schedule: Schedule) => {
    if (stopped) return
    invoke(schedule).catch((error: Error) => {
      // A call cut short by the stack stopping is no news.
      if (!stopped) log(`schedule ${schedule.name}: ${error.message}`)
    })
  }
  for (const { schedule, spec } of specs) {
    if (spec.kind === 'seconds') intervals.push(setInterval(() => fire(schedule), spec.every * 1000))
  }
  const minutely = specs.flatMap(({ schedule, spec }) => (spec.kind === 'cron' ? [{ schedule, spec }] : []))
  // Just past each minute's start, as pg_cron wakes.
  const nextMinute = () => {
    minuteTimer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 5)
  }
  const tick = () => {
    if (stopped) return
    const now = new Date()
    for (const { schedule, spec } of minutely) if (cronMatches(spec, now)) fire(schedule)
    nextMinute()
  }
  if (minutely.length > 0) nextMinute()
  return {
    stop() {
      stopped = true
      for (const interval of intervals) clearInterval(interval)
      clearTimeout(minuteTimer)
    },
  }
}
