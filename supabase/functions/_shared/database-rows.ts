// Row types of the functions' queries, read from the generated types (database.ts, `npm run gen:types`),
// so a renamed or dropped column fails the type check instead of a delivery.
import type { Database } from './database.ts'

type Functions = Database['public']['Functions']

/** A row a set-returning database function gives, as the generated types describe it. */
export type FunctionRow<F extends keyof Functions> = Functions[F]['Returns'] extends (infer Row)[]
  ? Row
  : never

/**
 * The same row as node-postgres reads it, told what the generated types cannot know: columns that may be
 * null (every column a function returns is typed not null) and bigint columns (pg reads them as text).
 */
export type AsRead<Row, Nullable extends keyof Row = never, Bigint extends keyof Row = never> = Omit<
  Row,
  Nullable | Bigint
> & { [K in Nullable]: Row[K] | null } & { [K in Bigint]: string }
