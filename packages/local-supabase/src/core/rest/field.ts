import { unquote } from './split'

/** One `->` or `->>` step of a JSON path in a column reference. */
export type JsonStep = { arrow: '->' | '->>'; key: string }

/** A column reference, optionally followed by a JSON path: `data->address->>city`. */
export type Field = { column: string; path: JsonStep[] }

/** Parses `col`, `"quoted col"` or `col->a->>b`; throws SyntaxError when malformed. */
export function parseField(text: string): Field {
  const pieces = text.split(/(->>|->)/)
  const column = unquote((pieces[0] ?? '').trim())
  if (!column || /[(),:!]/.test(column)) throw new SyntaxError(`bad column name: ${text}`)
  const path: JsonStep[] = []
  for (let i = 1; i < pieces.length; i += 2) {
    const key = unquote(pieces[i + 1] ?? '')
    if (!key) throw new SyntaxError(`bad JSON path: ${text}`)
    path.push({ arrow: pieces[i] as JsonStep['arrow'], key })
  }
  return { column, path }
}

/** The JSON key PostgREST gives a field without an alias: the last path key, or the column. */
export function defaultName(field: Field): string {
  return field.path.at(-1)?.key ?? field.column
}
