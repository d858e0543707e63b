import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PROJECT_DIR } from '@roost/local-supabase/config'
import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { withDatabase } from './support/clients'
import { type Actor, type RlsFixture, validListing } from './support/rls-cases'
import { actAs, createRlsFixture } from './support/rls-sql'

/** Runs `work` in a transaction that is always rolled back, with a fresh fixture. */
function inRollback<T>(work: (db: pg.Client, fixture: RlsFixture) => Promise<T>): Promise<T> {
  return withDatabase(async (db) => {
    await db.query('begin')
    try {
      return await work(db, await createRlsFixture(db))
    } finally {
      await db.query('rollback')
    }
  })
}

async function newAuthUser(
  db: pg.Client,
  email: string | null,
  meta: Record<string, unknown>,
): Promise<string> {
  const id = randomUUID()
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3)`,
    [id, email, meta],
  )
  return id
}

const profileOf = async (db: pg.Client, id: string) =>
  (await db.query('select name, email from public.profiles where id = $1', [id])).rows[0]

describe('profiles follow Supabase Auth', () => {
  it('are made on sign-up with the name the form sent', async () => {
    await inRollback(async (db) => {
      const id = await newAuthUser(db, 'dana@example.com', { name: 'Dana Scott' })
      expect(await profileOf(db, id)).toEqual({ name: 'Dana Scott', email: 'dana@example.com' })
    })
  })

  it("take Google's full name on a first Google sign-in", async () => {
    await inRollback(async (db) => {
      const id = await newAuthUser(db, 'eve@gmail.com', { full_name: 'Eve Jones', avatar_url: 'x' })
      expect(await profileOf(db, id)).toEqual({ name: 'Eve Jones', email: 'eve@gmail.com' })
    })
  })

  it("fall back to the email's local part when no name was given", async () => {
    await inRollback(async (db) => {
      const id = await newAuthUser(db, 'frank.miller@example.com', {})
      expect(await profileOf(db, id)).toEqual({ name: 'frank.miller', email: 'frank.miller@example.com' })
    })
  })

  it('keep the email in step when the user changes it through Auth', async () => {
    await inRollback(async (db, f) => {
      await db.query('update auth.users set email = $2 where id = $1', [f.owner.id, 'olivia.new@example.com'])
      expect((await profileOf(db, f.owner.id)).email).toBe('olivia.new@example.com')
    })
  })

  it('go with their user', async () => {
    await inRollback(async (db, f) => {
      await db.query('delete from auth.users where id = $1', [f.owner.id])
      expect(await profileOf(db, f.owner.id)).toBeUndefined()
      const left = await db.query('select 1 from public.listings where user_ref = $1', [f.owner.id])
      expect(left.rowCount).toBe(0)
    })
  })

  it('cannot be listed: a user sees only their own row among all profiles', async () => {
    await inRollback(async (db, f) => {
      await actAs(db, 'other', f)
      const { rows } = await db.query('select id from public.profiles')
      expect(rows).toEqual([{ id: f.other.id }])
    })
  })
})

describe('a listing keeps its server-owned columns', () => {
  it('gets the server time and the caller as landlord, whatever the client sent', async () => {
    await inRollback(async (db, f) => {
      await actAs(db, 'other', f)
      const id = randomUUID()
      const row = validListing(id, { created_at: '2001-01-01T00:00:00Z', user_ref: f.owner.id })
      const columns = Object.keys(row)
      await db.query(
        `insert into public.listings (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row),
      )
      await db.query('reset role')
      const stored = await db.query(
        'select user_ref, created_at = now() as server_time from public.listings where id = $1',
        [id],
      )
      expect(stored.rows[0]).toEqual({ user_ref: f.other.id, server_time: true })
    })
  })

  it('keeps created_at and user_ref when the landlord edits it, and records the edit', async () => {
    await inRollback(async (db, f) => {
      await db.query(`update public.listings set created_at = now() - interval '3 days' where id = $1`, [
        f.listingId,
      ])
      const before = (await db.query('select created_at from public.listings where id = $1', [f.listingId]))
        .rows[0]
      await actAs(db, 'owner', f)
      await db.query(
        `update public.listings set name = 'Renamed cottage', created_at = '2001-01-01', user_ref = $2 where id = $1`,
        [f.listingId, f.other.id],
      )
      await db.query('reset role')
      const after = await db.query(
        'select name, created_at, user_ref, updated_at = now() as edited_now from public.listings where id = $1',
        [f.listingId],
      )
      expect(after.rows[0]).toEqual({
        name: 'Renamed cottage',
        created_at: before.created_at,
        user_ref: f.owner.id,
        edited_now: true,
      })
    })
  })

  it('takes its saved rows with it when deleted', async () => {
    await inRollback(async (db, f) => {
      await actAs(db, 'owner', f)
      await db.query('delete from public.listings where id = $1', [f.listingId])
      await db.query('reset role')
      const saved = await db.query('select 1 from public.saved_listings where listing_id = $1', [f.listingId])
      expect(saved.rowCount).toBe(0)
    })
  })
})

describe('landlord_contact', () => {
  const contact = (actor: Actor, landlord: (f: RlsFixture) => string) =>
    inRollback(async (db, f) => {
      await actAs(db, actor, f)
      return {
        f,
        rows: (await db.query('select * from public.landlord_contact(landlord_id => $1)', [landlord(f)]))
          .rows,
      }
    })

  it("gives a visitor the landlord's name and email", async () => {
    const { f, rows } = await contact('anon', (f) => f.owner.id)
    expect(rows).toEqual([{ name: f.owner.name, email: f.owner.email }])
  })

  it('says nothing about a user who owns no listing, nor about unknown ids', async () => {
    expect((await contact('anon', (f) => f.other.id)).rows).toEqual([])
    expect((await contact('owner', () => randomUUID())).rows).toEqual([])
  })
})

describe('the database as hosted Supabase allows it', () => {
  it('has the listing-images bucket: public, 5 MiB, JPEG, PNG and WebP', async () => {
    const bucket = await withDatabase(
      async (db) =>
        (
          await db.query(
            `select public, file_size_limit::int as limit, allowed_mime_types from storage.buckets where id = 'listing-images'`,
          )
        ).rows[0],
    )
    expect(bucket).toEqual({
      public: true,
      limit: 5242880,
      allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'],
    })
  })

  it('has row-level security on every public table', async () => {
    const open = await withDatabase(
      async (db) =>
        (
          await db.query(
            `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and not relrowsecurity`,
          )
        ).rows,
    )
    expect(open).toEqual([])
  })

  it('evaluates auth.uid() once per statement in every policy', async () => {
    const slow = await withDatabase(
      async (db) =>
        (
          await db.query(
            `select policyname from pg_policies
              where schemaname in ('public', 'storage')
                and regexp_replace(coalesce(qual, '') || coalesce(with_check, ''), '\\(\\s*SELECT\\s+\\(?auth\\.uid\\(\\)', '', 'gi') ~ 'auth\\.uid\\(\\)'`,
          )
        ).rows,
    )
    expect(slow).toEqual([])
  })

  it('creates nothing in the auth or storage schemas (only triggers, policies and the bucket row)', () => {
    const dir = path.join(PROJECT_DIR, 'supabase', 'migrations')
    for (const file of fs.readdirSync(dir)) {
      const sql = fs.readFileSync(path.join(dir, file), 'utf8')
      expect(sql, file).not.toMatch(
        /create\s+(or\s+replace\s+)?(table|function|view|type|schema|sequence)\s+(if\s+not\s+exists\s+)?(auth|storage)\./i,
      )
      expect(sql, file).not.toMatch(/create\s+(unique\s+)?index\s[^;]*?\son\s+(auth|storage)\./i)
      expect(sql, file).not.toMatch(/delete\s+from\s+storage\./i)
    }
  })
})
