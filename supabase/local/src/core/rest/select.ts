import { parseError } from './errors'
import { defaultName, type Field, parseField } from './field'
import { splitTopLevel } from './split'

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: Field; alias: string; cast: string | null }
  | { kind: 'embed'; relation: string }

/** Type names a cast may use: plain words, optionally an array (`text`, `int4[]`, `double precision`). */
const CAST = /^[a-z_][a-z0-9_]*( [a-z_][a-z0-9_]*)?(\[\])?$/i

/** Parses PostgREST's `select` list: `*`, `col`, `alias:col`, `col::text`, `data->a->>b`; embeds are reported. */
export function parseSelect(source: string | null): SelectItem[] {
  if (source === null || source.trim() === '') return [{ kind: 'star' }]
  let parts: string[]
  try {
    parts = splitTopLevel(source)
  } catch {
    throw parseError('select', source, 'unbalanced quotes or parentheses')
  }
  return parts.map((part) => parseItem(part.trim(), source))
}

function parseItem(item: string, source: string): SelectItem {
  if (item === '*') return { kind: 'star' }
  if (item === '') throw parseError('select', source, 'unexpected ","')
  const embed = /^(?:\.\.\.)?(?:[^:()]+:)?([^:!()]+)(?:![^()]+)?\(.*\)$/s.exec(item)
  if (embed) return { kind: 'embed', relation: (embed[1] as string).trim() }
  const aliased = /^([^:"]+|"[^"]+"):(?!:)(.+)$/s.exec(item)
  const alias = aliased ? (aliased[1] as string).replace(/^"|"$/g, '') : null
  const rest = aliased ? (aliased[2] as string) : item
  const [fieldText = '', cast = null, extra] = rest.split('::')
  if (extra !== undefined || (cast !== null && !CAST.test(cast)))
    throw parseError('select', source, `bad cast in "${item}"`)
  let field: Field
  try {
    field = parseField(fieldText)
  } catch {
    throw parseError('select', source, `unexpected "${item}"`)
  }
  return { kind: 'field', field, alias: alias ?? defaultName(field), cast }
}
