import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, type TestUser, withDatabase } from './support/clients'
import { type PushService, startPushService, type TestSubscription } from './support/push-service'
import { validListing } from './support/rls-cases'
import { runInstantSender, subscribeAt } from './support/send-alerts'

/**
 * `Tell me when a saved home changes`: a saved home reduced, gone under offer or off the market pushes to
 * the people who saved it and asked for these alerts, through send-alerts (real Deno, run by the stack) to
 * the stand-in push service, which checks VAPID and decrypts the payload; each change once.
 */

let push: PushService
let landlord: TestUser
let hunter: TestUser
let quiet: TestUser
let hunterBrowser: TestSubscription
let quietBrowser: TestSubscription
let landlordBrowser: TestSubscription

beforeAll(async () => {
  ;[push, landlord, hunter, quiet] = await Promise.all([
    startPushService(),
    signedInUser('Sal Landlord'),
    signedInUser('Hope Hunter'),
    signedInUser('Quinn Quiet'),
  ])
  ;[hunterBrowser, quietBrowser, landlordBrowser] = await Promise.all([
    subscribe(hunter),
    subscribe(quiet),
    subscribe(landlord),
  ])
  // Hope asks for saved-home alerts; Quinn saves the same homes and does not.
  const optIn = await hunter.client.from('profiles').update({ saved_home_alerts: true }).eq('id', hunter.id)
  expect(optIn.error).toBeNull()
})

afterAll(async () => {
  await push?.close()
})

const runSender = runInstantSender
const subscribe = (person: TestUser) => subscribeAt(push, person)

/** A home of the landlord's, saved by Hope and Quinn (and by its landlord, who gets no push about it). */
async function savedHome(overrides: Record<string, unknown>): Promise<string> {
  const id = randomUUID()
  const { error } = await landlord.client.from('listings').insert(validListing(id, overrides))
  expect(error).toBeNull()
  for (const person of [hunter, quiet, landlord])
    expect((await person.client.from('saved_listings').insert({ listing_id: id })).error).toBeNull()
  return id
}

const edit = async (id: string, change: Record<string, unknown>) =>
  expect((await landlord.client.from('listings').update(change).eq('id', id)).error).toBeNull()

const pending = () =>
  withDatabase(async (db) => {
    const { rows } = await db.query(
      'select count(*)::int as n from public.saved_home_pushes where sent_at is null and user_id = any($1::uuid[])',
      [[hunter.id, quiet.id, landlord.id]],
    )
    return rows[0].n as number
  })

describe('pushes for saved homes', () => {
  it('a reduction, going under offer and leaving the market each push once, to whoever asked', async () => {
    const flat = await savedHome({ type: 'rent', name: 'Sunny flat by the park', regular_price: 2050 })
    await edit(flat, { regular_price: 2000 })
    expect(await pending()).toBe(1)
    await runSender()
    const [reduced] = await push.waitForMessages(hunterBrowser.endpoint, 1)
    expect(reduced?.json).toEqual({
      title: 'Reduced by £50 · Sunny flat by the park',
      body: 'Now £2,000, was £2,050',
      url: `/category/rent/${flat}`,
      tag: `saved-home-${flat}`,
    })
    expect(reduced?.topic).toBe(flat.replace(/-/g, ''))

    // Edits that are none of the three push nothing: a rename, a rise in price.
    await edit(flat, { name: 'Sunny flat by the green' })
    await edit(flat, { regular_price: 2100 })
    expect(await pending()).toBe(0)

    await edit(flat, { status: 'let_agreed' })
    await runSender()
    const [, offer] = await push.waitForMessages(hunterBrowser.endpoint, 2)
    expect(offer?.json).toMatchObject({
      title: 'Let agreed · Sunny flat by the green',
      url: `/category/rent/${flat}`,
    })

    await edit(flat, { status: 'let', regular_price: 1900 })
    await runSender()
    const [, , gone] = await push.waitForMessages(hunterBrowser.endpoint, 3)
    // One push for the biggest move of an edit: leaving the market.
    expect(gone?.json).toMatchObject({
      title: 'Let · Sunny flat by the green',
      body: 'A home you saved is leaving the market',
    })

    const house = await savedHome({ type: 'sale', name: 'Stone house on the hill', regular_price: 400000 })
    await edit(house, { status: 'under_offer' })
    await edit(house, { status: 'sold_stc' })
    await runSender()
    const sale = (await push.waitForMessages(hunterBrowser.endpoint, 5)).slice(3)
    expect(sale.map((m) => (m.json as { title: string }).title)).toEqual([
      'Under offer · Stone house on the hill',
      'Sold STC · Stone house on the hill',
    ])

    // Running again sends nothing more; nobody without the setting, and not the landlord, got any.
    await runSender()
    expect(push.messages(hunterBrowser.endpoint)).toHaveLength(5)
    expect(push.messages(quietBrowser.endpoint)).toHaveLength(0)
    expect(push.messages(landlordBrowser.endpoint)).toHaveLength(0)
    expect(await pending()).toBe(0)
  })

  it('stops once the person turns the setting off or unsaves the home', async () => {
    const home = await savedHome({ type: 'rent', name: 'Garden flat off the square', regular_price: 1500 })
    expect((await hunter.client.from('saved_listings').delete().eq('listing_id', home)).error).toBeNull()
    await edit(home, { regular_price: 1400 })
    expect(await pending()).toBe(0)
    expect((await hunter.client.from('saved_listings').insert({ listing_id: home })).error).toBeNull()
    await hunter.client.from('profiles').update({ saved_home_alerts: false }).eq('id', hunter.id)
    await edit(home, { regular_price: 1300 })
    expect(await pending()).toBe(0)
    await hunter.client.from('profiles').update({ saved_home_alerts: true }).eq('id', hunter.id)
  })

  it('a price raised and lowered back owes no `reduced` push; a cut below the 30 days’ lowest says by how much', async () => {
    const home = await savedHome({ type: 'sale', name: 'Tall house on the hill', regular_price: 250_000 })
    await edit(home, { regular_price: 2_500_000 })
    await edit(home, { regular_price: 250_000 })
    expect(await pending()).toBe(0)
    await edit(home, { regular_price: 240_000 })
    const { rows } = await withDatabase((db) =>
      db.query(
        'select change, price, previous_price from public.saved_home_pushes where listing_id = $1 and user_id = $2',
        [home, hunter.id],
      ),
    )
    // `Reduced by £10,000`, `was £250,000`: the distance from the lowest price shown, as the page says.
    expect(rows).toEqual([{ change: 'reduced', price: 240_000, previous_price: 250_000 }])
    // send-alerts says `Reduced by £${previous_price - price}`; the first test checks its words.
    await runSender()
    expect(await pending()).toBe(0)
  })

  it('the setting is the person’s own, and the queue is the server’s', async () => {
    const { data } = await hunter.client
      .from('profiles')
      .select('saved_home_alerts')
      .eq('id', hunter.id)
      .single()
    expect(data).toEqual({ saved_home_alerts: true })
    // Someone else's setting cannot be changed (the update policy finds no row of theirs).
    const other = await hunter.client
      .from('profiles')
      .update({ saved_home_alerts: true })
      .eq('id', quiet.id)
      .select('id')
    expect(other.data ?? []).toEqual([])
    const { rows } = await withDatabase((db) =>
      db.query('select saved_home_alerts from public.profiles where id = $1', [quiet.id]),
    )
    expect(rows[0].saved_home_alerts).toBe(false)
    const read = await hunter.client.from('saved_home_pushes').select('*')
    expect(read.error?.code).toBe('42501')
    const claim = await hunter.client.rpc('claim_saved_home_pushes', { batch_limit: 10 })
    expect(claim.error).not.toBeNull()
  })
})
