export type Preferences = {
  return: 'minimal' | 'representation' | 'headers-only' | null
  count: 'exact' | 'planned' | 'estimated' | null
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null
  missing: 'default' | 'null' | null
  tx: 'commit' | 'rollback' | null
  handling: 'strict' | 'lenient' | null
  /** `max-affected=n`: with `handling=strict`, more affected rows roll the change back (PGRST124). */
  maxAffected: number | null
  /** Preferences not understood, as given; `handling=strict` refuses them (PGRST122). */
  invalid: string[]
}

type Choice = Exclude<keyof Preferences, 'maxAffected' | 'invalid'>

const ALLOWED: { [K in Choice]: string[] } = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
}

/** Understood, but not by this stack's preference table: PostgREST accepts these silently. */
const IGNORED = new Set(['timezone'])

/**
 * Parses one or more `Prefer` headers (`a=b, c=d`). Unknown or invalid values are ignored, as
 * PostgREST's lenient handling does, and listed in `invalid` for `handling=strict`.
 */
export function parsePrefer(header: string | null | undefined): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    handling: null,
    maxAffected: null,
    invalid: [],
  }
  for (const part of (header ?? '').split(',')) {
    const text = part.trim()
    if (!text) continue
    const [key = '', value = ''] = text.split('=').map((s) => s.trim())
    if (key in ALLOWED && ALLOWED[key as Choice].includes(value)) {
      ;(prefs as Record<string, unknown>)[key] = value
    } else if (key === 'max-affected' && /^\d+$/.test(value)) {
      prefs.maxAffected = Number(value)
    } else if (!IGNORED.has(key)) {
      prefs.invalid.push(text)
    }
  }
  return prefs
}
