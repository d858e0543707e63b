import { describe, expect, it } from 'vitest'
import { apiOutcome, createApiWorld, expectedEffect, readStoredOverApi, runApiCase } from './support/rls-api'
import { RLS_CASES } from './support/rls-cases'

/**
 * The RLS matrix of rls-matrix.test.ts, case for case, sent through /rest/v1 and /storage/v1 with the
 * real supabase-js client as a visitor, two real signed-up users and the service role. Each case gets
 * a world of its own (fresh users and ids) and checks, with the service role, what it changed.
 */
describe('who may do what, through the API', () => {
  it.each(RLS_CASES.map((c) => [`${c.rule}: ${c.actor} ${c.command} → ${apiOutcome(c)}`, c] as const))(
    '%s',
    async (_name, c) => {
      const world = await createApiWorld()
      const run = await runApiCase(c, world)
      expect(run.outcome).toBe(apiOutcome(c))
      expect(run.effect).toBe(expectedEffect(c))
      if (c.stored) expect(await readStoredOverApi(c, world)).toMatchObject(c.stored.equals(world.fixture))
    },
  )
})
