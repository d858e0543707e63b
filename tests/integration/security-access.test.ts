import { signJwt } from '@roost/local-supabase/core/jwt'
import { describe, expect, inject, it } from 'vitest'
import { withDatabase } from './support/clients'

/** Who the API is in the database, and what a request can make it become. */

const rest = (path: string, token: string) =>
  fetch(`${inject('apiUrl')}/rest/v1${path}`, {
    headers: { apikey: inject('anonKey'), authorization: `Bearer ${token}` },
  })

const tokenFor = (role: string) =>
  signJwt(
    { role, sub: '11111111-1111-4111-8111-111111111111', exp: Math.floor(Date.now() / 1000) + 600 },
    inject('jwtSecret'),
  )

/** Twenty slow patterns over every listing: far past anon's 3 s statement_timeout without it. */
const SLOW_FILTER = `or=${encodeURIComponent(
  `(${Array.from({ length: 20 }, (_, i) => `name.match."((.{1,40}){1,40}){1,40}#${i}"`).join(',')})`,
)}`

describe('the data API connects as authenticator', () => {
  it('refuses a validly signed token whose role is anything but anon, authenticated or service_role', async () => {
    for (const role of [
      'postgres',
      'supabase_admin',
      'pg_read_all_data',
      'supabase_auth_admin',
      'authenticator',
    ]) {
      const res = await rest('/listings?select=id&limit=1', await tokenFor(role))
      expect([401, 403], role).toContain(res.status)
      expect(JSON.stringify(await res.json()), role).not.toContain('"id"')
    }
  })

  it('holds no superuser connection, and migrations ran as a postgres that is not one', async () => {
    await fetch(`${inject('apiUrl')}/rest/v1/listings?select=id&limit=1`, {
      headers: { apikey: inject('anonKey') },
    })
    const { rows } = await withDatabase((db) =>
      db.query<{ usename: string; rolsuper: boolean }>(
        `select distinct a.usename, r.rolsuper from pg_stat_activity a join pg_roles r on r.rolname = a.usename
         where a.application_name = 'roost-local'`,
      ),
    )
    expect(rows.map((r) => r.usename)).toContain('authenticator')
    expect(rows.filter((r) => r.rolsuper)).toEqual([])
    const roles = await withDatabase((db) =>
      db.query<{ member_of: string[]; postgres_super: boolean; owner: string }>(
        `select array(select g.rolname::text from pg_auth_members m join pg_roles g on g.oid = m.roleid
                      where m.member = 'authenticator'::regrole order by 1) as member_of,
                (select rolsuper from pg_roles where rolname = 'postgres') as postgres_super,
                (select tableowner::text from pg_tables where schemaname = 'public' and tablename = 'listings') as owner`,
      ),
    )
    expect(roles.rows[0]).toEqual({
      member_of: ['anon', 'authenticated', 'service_role'],
      postgres_super: false,
      owner: 'postgres',
    })
  })
})

describe("each role's statement_timeout", () => {
  it("cuts an anonymous query off at anon's 3 s", async () => {
    const started = performance.now()
    const res = await fetch(`${inject('apiUrl')}/rest/v1/listings?select=id&${SLOW_FILTER}`, {
      headers: { apikey: inject('anonKey') },
    })
    const seconds = (performance.now() - started) / 1000
    expect(await res.json()).toMatchObject({ code: '57014' })
    expect(seconds).toBeLessThan(6)
  })

  // Reads by a regular expression take turns in their own lane (one at a time on 2 cores), each until anon's
  // 3 s, so the twenty can take a minute to drain on a busy machine (about 15 s alone): the test waits for
  // that, while the page beside them must come within 2.5 s.
  it('keeps other requests answered while twenty slow anonymous queries run', {
    timeout: 90_000,
  }, async () => {
    const headers = { apikey: inject('anonKey') }
    const slow = Array.from({ length: 20 }, () =>
      fetch(`${inject('apiUrl')}/rest/v1/listings?select=id&${SLOW_FILTER}`, { headers }).then(
        (r) => r.status,
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = performance.now()
    const page = await fetch(
      `${inject('apiUrl')}/rest/v1/listings?select=id,name&type=eq.rent&order=created_at.desc,id.desc&limit=10`,
      { headers },
    )
    const seconds = (performance.now() - started) / 1000
    expect(page.status).toBe(200)
    expect(seconds).toBeLessThan(2.5)
    expect(await Promise.all(slow)).toEqual(Array(20).fill(500))
  })
})

describe('request bodies', () => {
  it('refuses a JSON body past the data API limit before reading it', async () => {
    const res = await fetch(`${inject('apiUrl')}/rest/v1/listings`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 << 20) }),
    })
    expect(res.status).toBe(413)
  })
})
