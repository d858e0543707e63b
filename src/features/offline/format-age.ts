const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`

/** "just now", "5 minutes ago", "2 hours ago", "3 days ago": how long ago `then` was. */
export function formatAge(then: number, now: number): string {
  const age = Math.max(0, now - then)
  if (age < MINUTE) return 'just now'
  if (age < HOUR) return count(Math.floor(age / MINUTE), 'minute')
  if (age < DAY) return count(Math.floor(age / HOUR), 'hour')
  return count(Math.floor(age / DAY), 'day')
}
