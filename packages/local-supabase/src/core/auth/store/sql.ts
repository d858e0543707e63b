import type pg from 'pg'

/** Anything that runs a query: the admin pool or a transaction's client. */
export type Sql = {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>
}

/** GoTrue keeps every row under the nil instance id. */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000'
