/**
 * The account functions' limits, counted in Postgres (the migration trusted-client-addresses): the function
 * hands the database the request's headers and the database picks the client address from the one header
 * the deployment trusts (`public.client_address_settings`), so functions and the data API agree on who a
 * caller is. Reached through SUPABASE_DB_URL, as the database's owner: no API role may call these.
 */
import pg from 'npm:pg@^8.23.1'
import { env } from './account-caller.ts'

async function query<T>(name: string, text: string, values: unknown[]): Promise<T | undefined> {
  const db = new pg.Client({ connectionString: env('SUPABASE_DB_URL'), application_name: name })
  await db.connect()
  try {
    const result = await db.query<{ value: T }>(text, values)
    return result.rows[0]?.value
  } finally {
    await db.end().catch(() => undefined)
  }
}

const headersOf = (request: Request) => JSON.stringify(Object.fromEntries(request.headers))

/**
 * Records a password check of the account from the request's address: its id, or null when the account or
 * the address has had 5 wrong checks in the last hour.
 */
export async function beginPasswordCheck(accountId: string, request: Request): Promise<string | null> {
  const id = await query<string | null>(
    'delete-account',
    'select public.begin_password_check($1, $2::jsonb)::text as value',
    [accountId, headersOf(request)],
  )
  return id ?? null
}

/** Ends a password check: a wrong password keeps counting, anything else is forgotten. */
export async function endPasswordCheck(id: string, wrong: boolean): Promise<void> {
  await query('delete-account', 'select public.end_password_check($1::bigint, $2) as value', [id, wrong])
}

/** Records an export of the account: false when it exported in the last minute. */
export async function beginExport(accountId: string, request: Request): Promise<boolean> {
  const started = await query<boolean>('export-data', 'select public.begin_export($1, $2::jsonb) as value', [
    accountId,
    headersOf(request),
  ])
  return started === true
}
