export type Preferences = {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | 'null' | null
  tx: 'commit' | 'rollback' | null
}

const ALLOWED: { [K in keyof Preferences]: string[] } = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
}

/** Parses one or more `Prefer` headers (`a=b, c=d`); unknown or invalid values are ignored, as PostgREST's lenient handling does. */
export function parsePrefer(header: string | null | undefined): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null, tx: null }
  for (const part of (header ?? '').split(',')) {
    const [key = '', value = ''] = part
      .trim()
      .split('=')
      .map((s) => s.trim())
    if (key in ALLOWED && ALLOWED[key as keyof Preferences].includes(value)) {
      ;(prefs as Record<string, string | null>)[key] = value
    }
  }
  return prefs
}
