import { parseError } from './errors'
import { defaultName, type Field, parseField } from './field'
import { splitTopLevel, unquote } from './split'

export const AGGREGATES = ['count', 'sum', 'avg', 'max', 'min'] as const
export type Aggregate = (typeof AGGREGATES)[number]

/** An embedded resource: `[...][alias:]name[!hint][!inner|!left](select)`. */
export type EmbedSelect = {
  name: string
  alias: string | null
  hint: string | null
  join: 'inner' | 'left' | null
  spread: boolean
  select: SelectItem[]
}

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'field'
      field: Field
      alias: string
      cast: string | null
      /** `col.sum()`: an aggregate over the field; `cast` then applies to the aggregate's result. */
      aggregate?: Aggregate
    }
  /** `count()`: the number of rows in each group. */
  | { kind: 'count'; alias: string; cast: string | null }
  | { kind: 'embed'; embed: EmbedSelect }

/** Type names a cast may use: plain words, optionally an array (`text`, `int4[]`, `double precision`). */
const CAST = /^[a-z_][a-z0-9_]*( [a-z_][a-z0-9_]*)?(\[\])?$/i

/** The name an embed's rows appear under: its alias, else its name. */
export const embedKey = (embed: EmbedSelect) => embed.alias ?? embed.name

/**
 * Parses PostgREST's `select` list: `*`, `col`, `alias:col`, `col::text`, `data->a->>b`, aggregates
 * (`count()`, `price.sum()::text`) and embedded resources with aliases, hints, join types and spreads.
 */
export function parseSelect(source: string | null): SelectItem[] {
  if (source === null || source.trim() === '') return [{ kind: 'star' }]
  return parseList(source, source)
}

function parseList(text: string, source: string): SelectItem[] {
  let parts: string[]
  try {
    parts = splitTopLevel(text)
  } catch {
    throw parseError('select', source, 'unbalanced quotes or parentheses')
  }
  return parts.map((part) => parseItem(part.trim(), source))
}

const EMBED = /^(\.\.\.)?(?:([^:()!"]+|"[^"]+"):(?!:))?([^:()!.]+|"[^"]+")((?:![^!()]+)*)\((.*)\)$/s

function parseEmbed(item: string, source: string): SelectItem | null {
  const match = EMBED.exec(item)
  if (!match) return null
  const [, dots, aliasText, nameText, hintsText = '', inner = ''] = match
  const name = unquote((nameText as string).trim())
  const alias = aliasText ? unquote(aliasText.trim()) : null
  let hint: string | null = null
  let join: EmbedSelect['join'] = null
  for (const part of hintsText.split('!').slice(1)) {
    const word = part.trim()
    if ((word === 'inner' || word === 'left') && join === null) join = word
    else if (hint === null && join === null && word !== '') hint = word
    else throw parseError('select', source, `unexpected "!${word}"`)
  }
  if (dots && alias) throw parseError('select', source, 'a spread cannot have an alias')
  const select = inner.trim() === '' ? [] : parseList(inner, source)
  return { kind: 'embed', embed: { name, alias, hint, join, spread: Boolean(dots), select } }
}

function parseItem(item: string, source: string): SelectItem {
  if (item === '*') return { kind: 'star' }
  if (item === '') throw parseError('select', source, 'unexpected ","')
  const count = /^(?:([^:"(]+|"[^"]+"):(?!:))?\s*count\(\)(?:::(.+))?$/s.exec(item)
  if (count) {
    const cast = count[2] ?? null
    if (cast !== null && !CAST.test(cast)) throw parseError('select', source, `bad cast in "${item}"`)
    return { kind: 'count', alias: count[1] ? unquote(count[1].trim()) : 'count', cast }
  }
  const embed = parseEmbed(item, source)
  if (embed) return embed
  const aliased = /^([^:"(]+|"[^"]+"):(?!:)(.+)$/s.exec(item)
  const alias = aliased ? unquote((aliased[1] as string).trim()) : null
  const rest = aliased ? (aliased[2] as string) : item
  const [head = '', cast = null, extra] = rest.split('::')
  if (extra !== undefined || (cast !== null && !CAST.test(cast)))
    throw parseError('select', source, `bad cast in "${item}"`)
  const aggregate = /^(.+)\.(count|sum|avg|max|min)\(\)$/s.exec(head)
  const fieldText = aggregate ? (aggregate[1] as string) : head
  let field: Field
  try {
    field = parseField(fieldText)
  } catch {
    throw parseError('select', source, `unexpected "${item}"`)
  }
  if (aggregate) {
    const fn = aggregate[2] as Aggregate
    return { kind: 'field', field, alias: alias ?? fn, cast, aggregate: fn }
  }
  return { kind: 'field', field, alias: alias ?? defaultName(field), cast }
}
