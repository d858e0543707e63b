import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser } from './support/clients'
import { establishReporters, signedInUserFrom } from './support/reporters'
import { validListing } from './support/rls-cases'

/**
 * Listing reports through /rest/v1 with real sessions: one per person per listing, reporters read only
 * their own, three different reporters hide the listing from every list until the service role reviews it,
 * and the landlord still sees it, marked. The reporters are established (email confirmed, accounts two days
 * old) and each sends from an address of their own, so their reports count (reports-that-count.test.ts).
 */

let landlord: TestUser
let reporters: TestUser[]

async function publish(owner: TestUser, name = 'Bright flat near the park'): Promise<string> {
  const id = randomUUID()
  const { error } = await owner.client.from('listings').insert(validListing(id, { name }))
  if (error) throw error
  return id
}

const report = (who: TestUser, listingId: string, reason = 'Scam or fraud', note = '') =>
  who.client.from('listing_reports').insert({ listing_id: listingId, reason, note })

/** Whether the listing shows to a visitor in a list (newest first), a search and by its id. */
async function visibleToVisitor(id: string, name: string): Promise<boolean[]> {
  const db = anonClient()
  const list = await db.from('listings').select('id').order('created_at', { ascending: false }).limit(50)
  const search = await db.from('listings').select('id').ilike('name', `%${name}%`)
  const page = await db.from('listings').select('id').eq('id', id).maybeSingle()
  return [
    (list.data ?? []).some((row) => row.id === id),
    (search.data ?? []).some((row) => row.id === id),
    page.data !== null,
  ]
}

beforeAll(async () => {
  ;[landlord, ...reporters] = await Promise.all([
    signedInUser('Rita Landlord'),
    signedInUserFrom('127.0.0.11', 'Reporter One'),
    signedInUserFrom('127.0.0.12', 'Reporter Two'),
    signedInUserFrom('127.0.0.13', 'Reporter Three'),
    signedInUserFrom('127.0.0.14', 'Reporter Four'),
  ])
  await establishReporters(...reporters)
})

describe('reporting a listing', () => {
  it('takes one report per person per listing, with a reason from the list and a note', async () => {
    const listing = await publish(landlord)
    const [one] = reporters as [TestUser]
    expect((await report(one, listing, 'Wrong details', 'The photos are of another flat')).error).toBeNull()
    const twice = await report(one, listing, 'Other')
    expect(twice.error?.code).toBe('23505')
    const junk = await reporters[1]?.client
      .from('listing_reports')
      .insert({ listing_id: listing, reason: 'Too expensive' })
    expect(junk?.error?.message).toMatch(/listing_reports_reason_valid/)
    const own = await report(landlord, listing)
    expect(own.error?.message).toBe('You cannot report your own listing')
  })

  it('lets a reporter read their own reports only; visitors neither read nor write', async () => {
    const listing = await publish(landlord)
    const [one, two] = reporters as [TestUser, TestUser]
    await report(one, listing, 'Offensive', 'mine')
    await report(two, listing, 'Other', 'theirs')
    const mine = await one.client
      .from('listing_reports')
      .select('reason, note, reporter_id')
      .eq('listing_id', listing)
    expect(mine.data).toEqual([{ reason: 'Offensive', note: 'mine', reporter_id: one.id }])
    const landlordSees = await landlord.client.from('listing_reports').select('id').eq('listing_id', listing)
    expect(landlordSees.data).toEqual([])
    const visitor = await anonClient().from('listing_reports').select('id')
    expect(visitor.error).not.toBeNull()
    const visitorWrite = await anonClient()
      .from('listing_reports')
      .insert({ listing_id: listing, reason: 'Other' })
    expect(visitorWrite.error).not.toBeNull()
    // Nobody changes or removes a report through the API.
    await one.client.from('listing_reports').update({ note: 'changed' }).eq('listing_id', listing)
    await one.client.from('listing_reports').delete().eq('listing_id', listing)
    const after = await serviceClient().from('listing_reports').select('note').eq('listing_id', listing)
    expect(after.data?.map((r) => r.note).sort()).toEqual(['mine', 'theirs'])
  })
})

describe('three reports', () => {
  it('hide the listing from lists, search and its page until reviewed; its landlord still sees it, marked', async () => {
    const name = `Reported ${randomUUID().slice(0, 8)} flat`
    const listing = await publish(landlord, name)
    const [one, two, three] = reporters as [TestUser, TestUser, TestUser]

    await report(one, listing)
    await report(two, listing)
    expect(await visibleToVisitor(listing, name)).toEqual([true, true, true])
    await report(three, listing)
    expect(await visibleToVisitor(listing, name)).toEqual([false, false, false])
    // Nor to signed-in people, the reporters included.
    const signedIn = await one.client.from('listings').select('id').eq('id', listing)
    expect(signedIn.data).toEqual([])

    const own = await landlord.client.from('listings').select('id').eq('id', listing).single()
    expect(own.data).toEqual({ id: listing })
    const held = await landlord.client
      .from('listing_review_holds')
      .select('listing_id')
      .eq('landlord_id', landlord.id)
    expect(held.data).toEqual([{ listing_id: listing }])
    // The landlord cannot list it again themselves.
    await landlord.client.from('listing_review_holds').delete().eq('listing_id', listing)
    expect(await visibleToVisitor(listing, name)).toEqual([false, false, false])

    const review = await serviceClient()
      .from('listing_reports_review')
      .select('*')
      .eq('listing_id', listing)
      .single()
    expect(review.data).toMatchObject({
      listing_id: listing,
      listing_name: name,
      landlord_id: landlord.id,
      landlord_email: landlord.email,
      hidden_for_review: true,
      open_reports: 3,
    })
    const notForUsers = await one.client.from('listing_reports_review').select('*')
    expect(notForUsers.error).not.toBeNull()

    const reviewed = await serviceClient().rpc('review_listing_reports', { listing_id: listing })
    expect(reviewed.data).toBe(3)
    expect(await visibleToVisitor(listing, name)).toEqual([true, true, true])
    const denied = await one.client.rpc('review_listing_reports', { listing_id: listing })
    expect(denied.error).not.toBeNull()
  })

  it('from one person do not count as three, and reports after a review count afresh', async () => {
    const name = `Counted ${randomUUID().slice(0, 8)} flat`
    const listing = await publish(landlord, name)
    const [one, two, three, four] = reporters as [TestUser, TestUser, TestUser, TestUser]
    await report(one, listing)
    await report(one, listing, 'Other')
    await report(one, listing, 'Offensive')
    expect(await visibleToVisitor(listing, name)).toEqual([true, true, true])
    await report(two, listing)
    await serviceClient().rpc('review_listing_reports', { listing_id: listing })
    await report(three, listing)
    await report(four, listing)
    expect(await visibleToVisitor(listing, name)).toEqual([true, true, true])
  })

  it('cannot be set or lifted by anybody but the service role', async () => {
    const id = await publish(landlord)
    const forged = await landlord.client
      .from('listing_review_holds')
      .insert({ listing_id: id, landlord_id: landlord.id })
    expect(forged.error).not.toBeNull()
    expect(await visibleToVisitor(id, 'Bright flat near the park')).toEqual([true, true, true])
  })
})
