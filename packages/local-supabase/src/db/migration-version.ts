/** A migration's version: its UTC time as YYYYMMDDHHMMSS, as `supabase migration new` names files. */
export function versionOf(time: Date): string {
  return time.toISOString().replace(/[-:T]/g, '').slice(0, 14)
}

function timeOf(version: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version)
  if (!m) throw new Error(`not a migration version: ${version}`)
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number]
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s))
}

/**
 * The version of the next migration: now, unless a migration already sorts at or after now (a clock
 * behind, or a migration dated ahead), then one second after the newest, so the new one applies last.
 */
export function nextMigrationVersion(now: Date, existing: string[]): string {
  const candidate = versionOf(now)
  const newest = existing
    .filter((v) => /^\d{14}$/.test(v))
    .sort()
    .at(-1)
  if (!newest || candidate > newest) return candidate
  return versionOf(new Date(timeOf(newest).getTime() + 1000))
}

/** A migration's name as given on the command line, checked: lower-case words joined by hyphens. */
export function migrationSlug(name: string | undefined): string {
  const slug = (name ?? '').trim()
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 80) {
    throw new Error(
      `a migration needs a name of lower-case words joined by hyphens, e.g. \`npm run db:diff -- saved-search-labels\` (got "${slug}")`,
    )
  }
  return slug
}
