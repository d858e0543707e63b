import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PROJECT_DIR } from '@roost/local-supabase/config'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { signedInUser, type TestUser, withDatabase } from './support/clients'
import { type FunctionsStack, startFunctionsStack } from './support/functions-stack'
import { type Answer, requestFrom } from './support/http-from'

/**
 * delete-account's password check has its own limit: 5 wrong passwords an hour per account and per caller
 * address, counted in Postgres, then 429 `too_many_tries`. Callers are loopback addresses (127.0.0.x), as
 * the stack sees them. The last test runs a stack with Auth's per-address limits on, as hosted Supabase has
 * them: the function's password sign-ins all come from the functions' address, so before this limit one
 * guesser's 31 wrong tries locked everyone's deletion for 5 minutes.
 */

const TOO_MANY = { error: 'too_many_tries', message: 'Too many tries: try again in an hour' }

async function deleteFrom(apiUrl: string, address: string, who: TestUser, password: string): Promise<Answer> {
  const token = (await who.client.auth.getSession()).data.session?.access_token ?? ''
  return requestFrom(address, `${apiUrl}/functions/v1/delete-account`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      apikey: inject('anonKey'),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ password }),
  })
}

const deleteOnStack = (address: string, who: TestUser, password: string) =>
  deleteFrom(inject('apiUrl'), address, who, password)

const accountExists = (id: string) =>
  withDatabase(async (db) => (await db.query('select 1 from auth.users where id = $1', [id])).rowCount === 1)

describe('wrong passwords to delete-account', () => {
  it('6 wrong passwords on one account: the 6th gets 429 too_many_tries, and the account is counted wherever it calls from', async () => {
    const owner = await signedInUser('Gus Guessed')
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await deleteOnStack('127.0.0.41', owner, `wrong-${i}`)).status)
    expect(statuses).toEqual([403, 403, 403, 403, 403])
    const sixth = await deleteOnStack('127.0.0.41', owner, 'wrong-6')
    expect(sixth.status).toBe(429)
    expect(sixth.json()).toEqual(TOO_MANY)
    // The same account from elsewhere, even with the right password: the account's count is spent.
    const elsewhere = await deleteOnStack('127.0.0.42', owner, owner.password)
    expect(elsewhere.status).toBe(429)
    expect(await accountExists(owner.id)).toBe(true)
    // An hour later it may try again.
    await withDatabase((db) =>
      db.query(
        `update public.account_function_tries set tried_at = tried_at - interval '1 hour' where account_id = $1`,
        [owner.id],
      ),
    )
    expect((await deleteOnStack('127.0.0.42', owner, owner.password)).status).toBe(200)
    expect(await accountExists(owner.id)).toBe(false)
  })

  it('an attacker with several accounts from one address is limited by the address; a bystander elsewhere is not', async () => {
    const accounts = await Promise.all(['Ann', 'Ben', 'Cat'].map((name) => signedInUser(`${name} Attacker`)))
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const account = accounts[i % accounts.length] as TestUser
      statuses.push((await deleteOnStack('127.0.0.43', account, `guess-${i}`)).status)
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429])
    const bystander = await signedInUser('Bea Bystander')
    expect((await deleteOnStack('127.0.0.44', bystander, bystander.password)).status).toBe(200)
  })

  it('10 wrong passwords at once: 5 are checked, 5 get 429', async () => {
    const owner = await signedInUser('Pat Parallel')
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deleteOnStack('127.0.0.46', owner, `parallel-${i}`)),
    )
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429, 429, 429, 429])
  })

  it('callers of unknown address do not share one count (one guesser would block everyone), accounts still do', async () => {
    const started = await withDatabase(async (db) => {
      await db.query('begin')
      try {
        const accounts = Array.from({ length: 7 }, () => randomUUID())
        const begin = async (account: string, headers: Record<string, string>) =>
          (
            await db.query<{ id: string | null }>('select public.begin_password_check($1, $2)::text as id', [
              account,
              JSON.stringify(headers),
            ])
          ).rows[0]?.id ?? null
        const unknown = []
        for (const account of accounts) unknown.push(await begin(account, { 'cf-connecting-ip': 'junk' }))
        const sameAccount = []
        for (let i = 0; i < 6; i++) sameAccount.push(await begin(accounts[0] as string, {}))
        return { unknown, sameAccount }
      } finally {
        await db.query('rollback')
      }
    })
    expect(started.unknown.every((id) => id !== null)).toBe(true)
    // The first account already has one try from the loop above: 4 more pass, then it is refused.
    expect(started.sameAccount.map((id) => id !== null)).toEqual([true, true, true, true, false, false])
  })

  it('a wrong password is kept as a try until the account is deleted: then none of its tries is left', async () => {
    const owner = await signedInUser('Rita Right')
    const tries = () =>
      withDatabase(
        async (db) =>
          (
            await db.query<{ n: number }>(
              `select count(*)::int as n from public.account_function_tries where account_id = $1`,
              [owner.id],
            )
          ).rows[0]?.n,
      )
    expect((await deleteOnStack('127.0.0.45', owner, 'wrong')).status).toBe(403)
    expect(await tries()).toBe(1)
    expect((await deleteOnStack('127.0.0.45', owner, owner.password)).status).toBe(200)
    expect(await tries()).toBe(0)
  })
})

describe('with Auth limiting sign-ins per address, as hosted Supabase does', () => {
  let stack: FunctionsStack
  const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)

  beforeAll(async () => {
    stack = await startFunctionsStack({
      overrides: {
        apiPort: 25371 + offset,
        mailPort: 25374 + offset,
        appPort: 25373 + offset,
        functionsProjectDir: path.join(PROJECT_DIR, 'supabase'),
        authRateLimits: true,
      },
    })
  }, 60_000)

  afterAll(async () => {
    await stack?.stop()
    if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true })
  })

  it('31 wrong passwords from one attacker do not stop a bystander elsewhere deleting with the right password', async () => {
    // Accounts are made through the shared stack (same database and keys): sign-ups count against Auth's limit.
    const attacker = await signedInUser('Mal Attacker')
    const bystander = await signedInUser('Ned Bystander')
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      statuses.push((await deleteFrom(stack.config.apiUrl, '127.0.0.2', attacker, `guess-${i}`)).status)
    }
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403])
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]))

    const answer = await deleteFrom(stack.config.apiUrl, '127.0.0.3', bystander, bystander.password)
    expect(answer.status).toBe(200)
    expect(await accountExists(bystander.id)).toBe(false)
  }, 120_000)
})
