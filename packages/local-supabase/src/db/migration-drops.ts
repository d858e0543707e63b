import { splitStatements } from './sql-statements'

/** A table or a column a migration would drop, and with it whatever rows or values it holds. */
export type DataDrop = { table: string; column?: string; line: number }

const NAME = `(?:"(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)`
const QUALIFIED = String.raw`(${NAME}(?:\s*\.\s*${NAME})?)`
const DROP_TABLE = new RegExp(
  String.raw`^drop\s+table\s+(?:if\s+exists\s+)?(${QUALIFIED}(?:\s*,\s*${QUALIFIED})*)`,
  'i',
)
const ALTER_TABLE = new RegExp(
  String.raw`^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?${QUALIFIED}\s+([\s\S]*)$`,
  'i',
)
const DROP_COLUMN = new RegExp(String.raw`(?:^|,)\s*drop\s+(?:column\s+)?(?:if\s+exists\s+)?(${NAME})`, 'gi')

/** `"public"."listings"` → `public.listings`. */
function plain(name: string): string {
  return name
    .split(/\s*\.\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((part) => (part.startsWith('"') ? part.slice(1, -1).replace(/""/g, '"') : part.toLowerCase()))
    .join('.')
}

/** Statements of a migration that drop a table or a column: data that no later migration brings back. */
export function dataDrops(sql: string): DataDrop[] {
  const drops: DataDrop[] = []
  for (const statement of splitStatements(sql)) {
    const text = statement.sql.replace(/^(?:\s*--[^\n]*\n)+/, '').trim()
    const table = DROP_TABLE.exec(text)
    if (table?.[1]) {
      for (const name of table[1].split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
        drops.push({ table: plain(name.trim()), line: statement.line })
      }
      continue
    }
    const alter = ALTER_TABLE.exec(text)
    if (!alter?.[1] || alter[2] === undefined) continue
    for (const column of alter[2].matchAll(DROP_COLUMN)) {
      const name = column[1]
      // `drop constraint`, `drop default`, `drop not null` and `drop identity` keep the data.
      if (!name || /^(constraint|default|not|identity|expression)$/i.test(name)) continue
      drops.push({ table: plain(alter[1]), column: plain(name), line: statement.line })
    }
  }
  return drops
}
