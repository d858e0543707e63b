const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

/**
 * Go's `time.ParseDuration`, which GoTrue uses for `ban_duration`: a sequence of decimal numbers each
 * with a unit (`ns us µs ms s m h`), optionally signed, e.g. `24h`, `1h30m`, `1.5h`; `0` alone is allowed.
 * Milliseconds, or undefined when the text is not a duration.
 */
export function parseGoDuration(text: string): number | undefined {
  if (text === '0' || text === '+0' || text === '-0') return 0
  const match = /^([+-]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|ms|s|m|h))+)$/.exec(text)
  if (!match) return undefined
  let total = 0
  for (const part of (match[2] ?? '').matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * (UNIT_MS[part[2] ?? ''] ?? Number.NaN)
  }
  if (!Number.isFinite(total)) return undefined
  return match[1] === '-' ? -total : total
}
