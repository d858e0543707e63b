import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { listingWithPhotos, objectsIn, type PopulatedAccount, populatedAccount } from './account-fixture'
import { client, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { imageBytes } from './support/storage-fixtures'

/**
 * delete-account through the real Edge Function with real sessions: it needs the password again, then no
 * row and no object of the account is left anywhere, other people's data stays, the other side keeps the
 * conversations (shown as from a deleted user), and the account's old tokens are refused at once.
 */

let other: TestUser
let otherListing: { id: string; names: string[] }
let doomed: PopulatedAccount

/** Rows of every table of the public, auth and storage schemas whose text mentions `needle`. */
async function rowsMentioning(needle: string): Promise<Record<string, number>> {
  return withDatabase(async (db) => {
    const tables = await db.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name
       from pg_class as c join pg_namespace as n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname in ('public', 'auth', 'storage')`,
    )
    const found: Record<string, number> = {}
    for (const { schema, name } of tables.rows) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from "${schema}"."${name}" as t where t::text like '%' || $1 || '%'`,
        [needle],
      )
      if ((rows[0]?.n ?? 0) > 0) found[`${schema}.${name}`] = rows[0]?.n ?? 0
    }
    return found
  })
}

const deleteAccount = (who: TestUser, body: Record<string, unknown>) =>
  who.client.functions.invoke<{ deleted: { listings: number; photos: number } }>('delete-account', { body })

beforeAll(async () => {
  other = await signedInUser('Olive Other')
  otherListing = await listingWithPhotos(other)
  doomed = await populatedAccount('Dora Doomed', other, otherListing.id)
})

describe('delete-account', () => {
  it('refuses callers without a token, and a wrong or missing password', async () => {
    const anonymous = await client().functions.invoke('delete-account', { body: { password: 'x' } })
    expect((anonymous.error as { context?: Response } | null)?.context?.status).toBe(401)
    for (const body of [{ password: 'wrong-password' }, {}]) {
      const { error } = await deleteAccount(doomed, body)
      const response = (error as { context?: Response } | null)?.context
      expect(response?.status).toBe(403)
      expect(await response?.json()).toEqual({ error: 'reauthentication_required' })
    }
    expect(await rowsMentioning(doomed.id)).toHaveProperty(['public.profiles'], 1)
  })

  it('erases every row and photo of the account, keeps others’ data, and ends its tokens', async () => {
    const before = await rowsMentioning(doomed.id)
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'auth.users',
        'public.profiles',
        'public.listings',
        'public.saved_listings',
        'public.saved_searches',
        'public.push_subscriptions',
        'public.conversations',
        'public.messages',
        'public.listing_reports',
        'public.blocked_senders',
        'storage.objects',
      ]),
    )
    expect((await objectsIn(doomed.id)).sort()).toEqual([...doomed.photos].sort())
    const oldToken = (await doomed.client.auth.getSession()).data.session?.access_token

    const { data, error } = await deleteAccount(doomed, { password: doomed.password })
    expect(error).toBeNull()
    expect(data).toEqual({ deleted: { listings: 2, photos: 3 } })

    // No row of any table mentions the account, and its folder of the bucket is empty.
    expect(await rowsMentioning(doomed.id)).toEqual({})
    expect(await rowsMentioning(doomed.email)).toEqual({})
    expect(await objectsIn(doomed.id)).toEqual([])

    // Others' data stays: their listing and photos, and both conversations with every message.
    const admin = serviceClient()
    expect((await admin.from('listings').select('id').eq('id', otherListing.id)).data).toHaveLength(1)
    expect((await objectsIn(other.id)).sort()).toEqual([...otherListing.names].sort())
    const talks = await other.client
      .from('conversations')
      .select('id, hunter_id, landlord_id')
      .in('id', doomed.conversations)
      .order('created_at')
    expect(talks.data).toEqual([
      { id: doomed.conversations[0], hunter_id: null, landlord_id: other.id },
      { id: doomed.conversations[1], hunter_id: other.id, landlord_id: null },
    ])
    const messages = await other.client
      .from('messages')
      .select('body, sender_id')
      .in('conversation_id', doomed.conversations)
      .order('created_at')
    expect(messages.data).toEqual([
      { body: 'Hello from Dora Doomed', sender_id: null },
      { body: 'Reply to you', sender_id: other.id },
      { body: 'Is it free?', sender_id: other.id },
      { body: 'Yes, says Dora Doomed', sender_id: null },
    ])

    // The old token is refused at once, by the data API, Storage and Auth.
    const rest = await fetch(`${inject('apiUrl')}/rest/v1/saved_listings?select=*`, {
      headers: { apikey: inject('anonKey'), Authorization: `Bearer ${oldToken}` },
    })
    expect(rest.status).toBe(401)
    const upload = await doomed.client.storage
      .from('listing-images')
      .upload(`${doomed.id}/${randomUUID()}/1.jpg`, imageBytes('image/jpeg', 64), {
        contentType: 'image/jpeg',
      })
    expect(upload.error).not.toBeNull()
    expect((await doomed.client.auth.getUser()).error).not.toBeNull()
    const again = await deleteAccount(doomed, { password: doomed.password })
    expect((again.error as { context?: Response } | null)?.context?.status).toBe(401)
  })
})
