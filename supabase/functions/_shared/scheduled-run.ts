/**
 * The opening every scheduled sender shares (send-alerts, send-emails): POST only, from the service role only
 * (the schedule calls with its key); the body read once; one Postgres connection for the run (SUPABASE_DB_URL:
 * a claim's row locks must be held in one transaction while a batch goes out, which an HTTP API cannot do
 * across requests); the run recorded in public.function_runs, `ok` with its summary or `failed` with the error
 * (a run that never reached the database is not recorded); the summary as the 200 answer, an error as a 500.
 *
 * A sender says, from the body and before anything connects, under which schedule the run is recorded and
 * what it does with the connection, or answers at once (a bad body, a missing secret):
 *
 *   Deno.serve(scheduledRun('send-emails', () => ({ schedule: 'send-emails', run: (db) => send(db) })))
 */
import pg from 'npm:pg@^8.23.1'
import { recordRun } from './function-runs.ts'
import { callerRole } from './service-caller.ts'

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A secret or setting the function cannot work without: its value, or an error naming it. */
export function env(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`${name} is not set`)
  return value
}

/** What one run does: the schedule it is recorded under, and its work on the run's connection. */
export type RunPlan = { schedule: string; run(db: pg.Client): Promise<Record<string, unknown>> }

/**
 * A request handler for a scheduled sender named `name` (the connection's application_name and the logs'
 * word). `plan` reads the request's JSON body (`{}` when there is none or it is not JSON) and returns the
 * run's plan, or a Response to answer with at once.
 */
export function scheduledRun(
  name: string,
  plan: (body: Record<string, unknown>) => RunPlan | Response,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'POST only' })
    if (callerRole(request) !== 'service_role')
      return json(403, { error: 'the service role key is required' })
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>
    const planned = plan(body ?? {})
    if (planned instanceof Response) return planned
    const db = new pg.Client({ connectionString: env('SUPABASE_DB_URL'), application_name: name })
    const startedAt = new Date()
    let connected = false
    try {
      await db.connect()
      connected = true
      const summary = await planned.run(db)
      await recordRun(db, planned.schedule, startedAt, 'ok', JSON.stringify(summary))
      return json(200, summary)
    } catch (error) {
      console.error(`${name} failed`, error)
      if (connected) await recordRun(db, planned.schedule, startedAt, 'failed', String(error))
      return json(500, { error: String(error) })
    } finally {
      await db.end().catch(() => undefined)
    }
  }
}
