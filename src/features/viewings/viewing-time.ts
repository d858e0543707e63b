// Viewing times as people read them, always in London's time (the homes are in the UK), whatever the
// device's own time zone: `Sat 6 Dec, 10:20`.

export const VIEWING_ZONE = 'Europe/London'

const parts = (at: Date | string, options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: VIEWING_ZONE, ...options })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>

/** `10:20` */
export function formatClock(at: Date | string): string {
  const p = parts(at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return `${p.hour}:${p.minute}`
}

/** `Sat 6 Dec` */
export function formatDay(at: Date | string): string {
  const p = parts(at, { weekday: 'short', day: 'numeric', month: 'short' })
  return `${p.weekday} ${p.day} ${p.month}`
}

/** `Sat 6 Dec, 10:20` */
export const formatViewingTime = (at: Date | string) => `${formatDay(at)}, ${formatClock(at)}`

/** The London date of a time, `2026-12-06`: viewings are grouped by it. */
export function londonDate(at: Date | string): string {
  const p = parts(at, { year: 'numeric', month: '2-digit', day: '2-digit' })
  return `${p.year}-${p.month}-${p.day}`
}

/** London's offset from UTC at an instant, in minutes (0 in winter, 60 in summer). */
function londonOffsetMinutes(at: number): number {
  const p = parts(new Date(at), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute))
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000)
}

/** The instant of a London wall-clock time (`2026-12-06`, `10:20`). */
export function fromLondon(date: string, clock: string): Date {
  const [year, month, day] = date.split('-').map(Number)
  const [hour, minute] = clock.split(':').map(Number)
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0)
  let at = wall - londonOffsetMinutes(wall) * 60_000
  // Once more, for a time near the clocks' change.
  at = wall - londonOffsetMinutes(at) * 60_000
  return new Date(at)
}
