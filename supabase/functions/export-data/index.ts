/**
 * export-data: the calling person's data as one JSON file, `roost-data-<date>.json`.
 *
 * POST (or GET) with the person's own access token (verify_jwt). The data comes from the server (the
 * database through SUPABASE_DB_URL, one statement, read as one consistent snapshot), for the caller only:
 * profile, listings with their photo addresses, saved homes, saved searches, conversations with their
 * messages, blocked people, reports made, price and status history of their listings when the project has
 * it, and push subscriptions. What goes in is listed in sections.ts.
 *
 * At most one export a minute per account (counted in Postgres, begin_export): a 429
 * `{ "error": "too_many_exports" }` otherwise, since each export reads everything the person has.
 */
import pg from 'npm:pg@^8.23.1'
import { accountCaller, CORS_HEADERS, env, json } from '../_shared/account-caller.ts'
import { beginExport } from '../_shared/account-limits.ts'
import { exportQuery, SECTIONS } from './sections.ts'

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS })
  if (request.method !== 'POST' && request.method !== 'GET') return json(405, { error: 'POST or GET only' })
  const caller = await accountCaller(request)
  if (!caller) return json(401, { error: 'not_signed_in' })
  if (!(await beginExport(caller.id, request))) {
    return json(429, {
      error: 'too_many_exports',
      message: 'You can download your data once a minute. Please try again shortly.',
    })
  }

  const db = new pg.Client({ connectionString: env('SUPABASE_DB_URL'), application_name: 'export-data' })
  await db.connect()
  try {
    const tables = [...new Set(SECTIONS.flatMap((s) => s.tables))]
    const present = await db.query<{ name: string }>(
      'select name from unnest($1::text[]) as name where to_regclass(name) is not null',
      [tables],
    )
    const exists = new Set(present.rows.map((row) => row.name))
    const sections = SECTIONS.filter((s) => s.tables.every((t) => exists.has(t)))
    await db.query('begin isolation level repeatable read read only')
    const result = await db.query<{ data: Record<string, unknown> }>(exportQuery(sections), [caller.id])
    await db.query('commit')
    const exportedAt = new Date()
    const body = { exported_at: exportedAt.toISOString(), user_id: caller.id, ...result.rows[0]?.data }
    const name = `roost-data-${exportedAt.toISOString().slice(0, 10)}.json`
    return new Response(JSON.stringify(body, null, 2), {
      status: 200,
      headers: {
        ...CORS_HEADERS,
        'Access-Control-Expose-Headers': 'Content-Disposition',
        'Content-Type': 'application/json',
        'Content-Disposition': `attachment; filename="${name}"`,
      },
    })
  } catch (error) {
    console.error('export-data failed', error)
    return json(500, { error: 'export_failed' })
  } finally {
    await db.end().catch(() => undefined)
  }
})
