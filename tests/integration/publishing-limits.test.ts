import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { classifyFailure, OutboxFailure } from '../../src/lib/outbox/failure'
import { signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * Publishing limits through /rest/v1 with real sessions: 20 new listings a day and 200 in all per
 * account, refused by the database with a message the listing form (and a waiting draft) shows as is.
 */

const DAILY = 'You can publish up to 20 new listings a day. Please try again tomorrow.'
const TOTAL = 'You can have up to 200 listings. Delete one to publish another.'

const publish = (who: TestUser, id: string = randomUUID()) =>
  who.client.from('listings').insert(validListing(id, {}))

/** Listings of `owner` published `daysAgo` days ago, written by the superuser as seeding would. */
async function seedListings(owner: string, count: number, daysAgo: number): Promise<void> {
  await withDatabase(async (db) => {
    await db.query(
      `insert into public.listings (name, location, regular_price, image_urls, latitude, longitude, user_ref, created_at)
       select 'Seeded flat number ' || n, 'Mill Road, Cambridge', 1200,
              array['https://images.example.com/listings/x/y/1.jpg'], 52.2, 0.14, $1,
              now() - make_interval(days => $3::int)
       from generate_series(1, $2::int) as n`,
      [owner, count, daysAgo],
    )
  })
}

describe('publishing limits', () => {
  it('takes 20 new listings in a day and refuses the 21st with a clear message', async () => {
    const user = await signedInUser('Daily Publisher')
    const ids = Array.from({ length: 20 }, () => randomUUID())
    const first = await user.client.from('listings').insert(ids.map((id) => validListing(id, {})))
    expect(first.error).toBeNull()

    const refused = await publish(user)
    expect(refused.status).toBe(400)
    expect(refused.error?.code).toBe('P0001')
    expect(refused.error?.message).toBe(DAILY)

    // The draft publisher keeps the draft, needing attention, with this reason (not retried forever).
    const failure = new OutboxFailure(refused.error?.message ?? '', {
      status: refused.status,
      code: refused.error?.code,
    })
    expect(classifyFailure(failure)).toEqual({ kind: 'refused', reason: DAILY })

    // A publish sent again (the draft's repeat) is still taken once, not refused.
    const again = await user.client
      .from('listings')
      .upsert(validListing(ids[0] as string, {}), { onConflict: 'id', ignoreDuplicates: true })
    expect(again.error).toBeNull()
    const count = await user.client
      .from('listings')
      .select('id', { count: 'exact', head: true })
      .eq('user_ref', user.id)
    expect(count.count).toBe(20)
  })

  it('counts publishes, not the listings still there: 20 published and deleted leave no place that day', async () => {
    const user = await signedInUser('Deleting Publisher')
    const ids = Array.from({ length: 20 }, () => randomUUID())
    expect(
      (await user.client.from('listings').insert(ids.map((id) => validListing(id, {})))).error,
    ).toBeNull()
    const deleted = await user.client.from('listings').delete().in('id', ids)
    expect(deleted.error).toBeNull()

    const refused = await publish(user)
    expect(refused.status).toBe(400)
    expect(refused.error?.message).toBe(DAILY)
    const count = await user.client
      .from('listings')
      .select('id', { count: 'exact', head: true })
      .eq('user_ref', user.id)
    expect(count.count).toBe(0)
  })

  it('counts a publish sent again once, even when the repeats arrive together', async () => {
    const user = await signedInUser('Retrying Publisher')
    const ids = Array.from({ length: 18 }, () => randomUUID())
    expect(
      (await user.client.from('listings').insert(ids.map((id) => validListing(id, {})))).error,
    ).toBeNull()
    // A draft's publish sent five times at once (the outbox retrying after lost answers), then once more.
    const draft = randomUUID()
    const send = () =>
      user.client
        .from('listings')
        .upsert(validListing(draft, {}), { onConflict: 'id', ignoreDuplicates: true })
    const repeats = await Promise.all(Array.from({ length: 5 }, send))
    expect(repeats.map((r) => r.error)).toEqual([null, null, null, null, null])
    expect((await send()).error).toBeNull()
    // 19 publishes so far: the 20th is still free, the 21st is not.
    expect((await publish(user)).error).toBeNull()
    expect((await publish(user)).error?.message).toBe(DAILY)
  })

  it('keeps its log of publishes to itself', async () => {
    const user = await signedInUser('Curious Publisher')
    expect((await publish(user)).error).toBeNull()
    const read = await user.client.from('listing_publishes').select('*')
    expect(read.error).not.toBeNull()
    const cleared = await user.client.from('listing_publishes').delete().eq('user_id', user.id)
    expect(cleared.error).not.toBeNull()
  })

  it('counts one statement of many rows row by row', async () => {
    const user = await signedInUser('Bulk Publisher')
    const rows = Array.from({ length: 21 }, () => validListing(randomUUID(), {}))
    const { error } = await user.client.from('listings').insert(rows)
    expect(error?.message).toBe(DAILY)
    const count = await user.client
      .from('listings')
      .select('id', { count: 'exact', head: true })
      .eq('user_ref', user.id)
    expect(count.count).toBe(0)
  })

  it('lets listings older than a day free the daily count', async () => {
    const user = await signedInUser('Steady Publisher')
    await seedListings(user.id, 30, 2)
    expect((await publish(user)).error).toBeNull()
  })

  it('takes up to 200 listings in all and refuses the 201st', async () => {
    const user = await signedInUser('Big Landlord')
    await seedListings(user.id, 199, 3)
    expect((await publish(user)).error).toBeNull()
    const refused = await publish(user)
    expect(refused.status).toBe(400)
    expect(refused.error?.message).toBe(TOTAL)
  })

  it('does not count other accounts', async () => {
    const [busy, other] = await Promise.all([signedInUser('Busy One'), signedInUser('Other One')])
    await seedListings(busy.id, 200, 0)
    expect((await publish(busy)).error?.message).toBe(DAILY)
    expect((await publish(other)).error).toBeNull()
  })
})
