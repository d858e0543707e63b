/** One statement of a SQL file, with the line it starts on (1-based) and its offset in the file. */
export type SqlStatement = { sql: string; line: number; offset: number }

/**
 * Splits a file of SQL into its statements at the semicolons that end them: not those inside quotes,
 * quoted names, comments or dollar-quoted bodies. Statements keep their text exactly (comments included),
 * so an error's position inside one leads back to the file's line.
 */
export function splitStatements(text: string): SqlStatement[] {
  const statements: SqlStatement[] = []
  let start = 0
  let i = 0
  // Inside a SQL-standard body (`begin atomic … end`) of a function or procedure, whose statements end
  // in semicolons too: how many `begin atomic` and `case` are open, as psql counts them.
  let depth = 0
  const push = (end: number) => {
    depth = 0
    const raw = text.slice(start, end)
    const lead = raw.length - raw.trimStart().length
    const sql = raw.trim()
    if (sql && !isOnlyComments(sql)) {
      const offset = start + lead
      statements.push({ sql, offset, line: lineAt(text, offset) })
    }
    start = end + 1
  }
  while (i < text.length) {
    const ch = text[i]
    const next = text[i + 1]
    if (ch === '-' && next === '-') {
      const end = text.indexOf('\n', i)
      i = end === -1 ? text.length : end + 1
    } else if (ch === '/' && next === '*') {
      i = blockCommentEnd(text, i)
    } else if (ch === "'") {
      const escapes = /[eE]/.test(text[i - 1] ?? '') && !/[\w$]/.test(text[i - 2] ?? '')
      i = quotedEnd(text, i, "'", escapes)
    } else if (ch === '"') {
      i = quotedEnd(text, i, '"', false)
    } else if (ch === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i))
      if (tag && !/[\w$]/.test(text[i - 1] ?? '')) {
        const close = text.indexOf(tag[0], i + tag[0].length)
        i = close === -1 ? text.length : close + tag[0].length
      } else {
        i++
      }
    } else if (ch === ';' && depth === 0) {
      push(i)
      i++
    } else if (/[A-Za-z_]/.test(ch ?? '') && !/[\w$]/.test(text[i - 1] ?? '')) {
      const word = /^[A-Za-z_][\w$]*/.exec(text.slice(i))?.[0] ?? ''
      depth = nextDepth(depth, word.toLowerCase(), text.slice(start, i), text.slice(i + word.length))
      i += word.length
    } else {
      i++
    }
  }
  push(text.length)
  return statements
}

function nextDepth(depth: number, word: string, before: string, after: string): number {
  if (
    word === 'begin' &&
    /^\s+atomic\b/i.test(after) &&
    /^\s*create\b[\s\S]*\b(function|procedure)\b/i.test(splitless(before))
  ) {
    return depth + 1
  }
  if (depth > 0 && word === 'case') return depth + 1
  if (depth > 0 && word === 'end') return depth - 1
  return depth
}

/** The 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === '\n') line++
  return line
}

function isOnlyComments(sql: string): boolean {
  return splitless(sql).trim() === ''
}

/** The text with its comments removed (for telling an empty statement). */
function splitless(sql: string): string {
  return sql.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '')
}

function blockCommentEnd(text: string, from: number): number {
  let depth = 0
  let i = from
  while (i < text.length) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth++
      i += 2
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth--
      i += 2
      if (depth === 0) return i
    } else {
      i++
    }
  }
  return text.length
}

function quotedEnd(text: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1
  while (i < text.length) {
    if (backslashEscapes && text[i] === '\\') {
      i += 2
    } else if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2
      else return i + 1
    } else {
      i++
    }
  }
  return text.length
}

/**
 * Whether a migration holds only statements Postgres refuses inside a transaction block (`create index
 * concurrently`, `drop index concurrently`, `reindex … concurrently`): such a file runs statement by
 * statement, outside a transaction.
 */
export function runsOutsideTransaction(text: string): boolean {
  const statements = splitStatements(text)
  return (
    statements.length > 0 &&
    statements.every((s) =>
      /^(create\s+(unique\s+)?index|drop\s+index|reindex)\s[\s\S]*\bconcurrently\b/i.test(
        splitless(s.sql).trim(),
      ),
    )
  )
}
