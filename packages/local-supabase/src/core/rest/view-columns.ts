/** A view's output column that is a plain reference to a column of a relation (`resorigtbl`, `resorigcol`). */
export type ViewColumnSource = { column: string; relationOid: number; attnum: number }

/** The text inside the balanced `(…)` or `{…}` that opens at `start`, skipping backslash-escaped characters. */
function balanced(text: string, start: number): string {
  let depth = 0
  for (let i = start; i < text.length; i++) {
    const ch = text[i]
    if (ch === '\\') {
      i++
      continue
    }
    if (ch === '(' || ch === '{') depth++
    else if (ch === ')' || ch === '}') {
      depth--
      if (depth === 0) return text.slice(start, i + 1)
    }
  }
  return text.slice(start)
}

/** Where `:field ` appears at the outermost level of a node (depth 1 of `node`, which opens with `{`). */
function fieldAt(node: string, field: string): number {
  let depth = 0
  const token = `:${field} `
  for (let i = 0; i < node.length; i++) {
    const ch = node[i]
    if (ch === '\\') {
      i++
      continue
    }
    if (ch === '(' || ch === '{') depth++
    else if (ch === ')' || ch === '}') depth--
    else if (depth === 1 && node.startsWith(token, i)) return i + token.length
  }
  return -1
}

/** The items at the top level of a node list `( {…} {…} )`. */
function listItems(list: string): string[] {
  const items: string[] = []
  for (let i = 1; i < list.length - 1; i++) {
    const ch = list[i]
    if (ch === '{') {
      const item = balanced(list, i)
      items.push(item)
      i += item.length - 1
    }
  }
  return items
}

/** A token as Postgres's `outToken` writes it: `<>` for none, special characters escaped by a backslash. */
const readToken = (token: string) => (token === '<>' ? '' : token.replace(/\\(.)/g, '$1'))

/**
 * The columns of a view that are plain column references, read from the view's `_RETURN` rule
 * (`pg_rewrite.ev_action`): each top-level target entry's `resorigtbl`/`resorigcol`, which Postgres sets
 * when the output is a column of a table or view (followed through subqueries in FROM). This is how
 * PostgREST finds which of a view's columns carry a table's keys.
 */
export function viewColumnSources(action: string): ViewColumnSource[] {
  const queryStart = action.indexOf('{QUERY')
  if (queryStart < 0) return []
  const query = balanced(action, queryStart)
  const at = fieldAt(query, 'targetList')
  if (at < 0 || query[at] !== '(') return []
  const sources: ViewColumnSource[] = []
  for (const entry of listItems(balanced(query, at))) {
    const read = (field: string) => {
      const start = fieldAt(entry, field)
      if (start < 0) return null
      let end = start
      while (end < entry.length && !/[\s}]/.test(entry[end] as string)) end += entry[end] === '\\' ? 2 : 1
      return entry.slice(start, end)
    }
    const name = read('resname')
    const relationOid = Number(read('resorigtbl'))
    const attnum = Number(read('resorigcol'))
    if (name === null || read('resjunk') === 'true' || !relationOid || !attnum) continue
    sources.push({ column: readToken(name), relationOid, attnum })
  }
  return sources
}
