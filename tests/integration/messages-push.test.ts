import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, type TestUser, withDatabase } from './support/clients'
import { type PushService, startPushService } from './support/push-service'
import { validListing } from './support/rls-cases'
import { runInstantSender, subscribeAt } from './support/send-alerts'

/**
 * A new message sends a push to the other side through send-alerts (run in real Deno by the stack),
 * delivered to the stand-in push service, which checks VAPID and decrypts the payload; sent once.
 */

let push: PushService
let landlord: TestUser
let hunter: TestUser
let listingId: string

beforeAll(async () => {
  ;[push, landlord, hunter] = await Promise.all([
    startPushService(),
    signedInUser('Pia Landlord'),
    signedInUser('Hank Hunter'),
  ])
  listingId = randomUUID()
  const { error } = await landlord.client
    .from('listings')
    .insert(validListing(listingId, { name: 'Sunny flat by the park' }))
  if (error) throw error
})

afterAll(async () => {
  await push?.close()
})

const runSender = runInstantSender
const subscribe = (person: TestUser) => subscribeAt(push, person)

const pendingFor = (recipient: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query(
      'select count(*)::int as n from public.message_pushes where recipient_id = $1 and sent_at is null',
      [recipient],
    )
    return rows[0].n as number
  })

describe('pushes for new messages', () => {
  it('an enquiry pushes to the landlord, a reply to the hunter, each once', async () => {
    const landlordBrowser = await subscribe(landlord)
    const hunterBrowser = await subscribe(hunter)

    const { data: conversationId, error } = await hunter.client.rpc('send_enquiry', {
      listing_id: listingId,
      message_id: randomUUID(),
      body: 'Hello! Is the flat still available? <b>now</b>',
    })
    expect(error).toBeNull()
    expect(await pendingFor(landlord.id)).toBe(1)
    await runSender()
    const [toLandlord] = await push.waitForMessages(landlordBrowser.endpoint, 1)
    expect(toLandlord?.json).toEqual({
      title: 'Hank Hunter · Sunny flat by the park',
      body: 'Hello! Is the flat still available? <b>now</b>',
      url: `/messages/${conversationId}`,
      tag: `conversation-${conversationId}`,
    })
    expect(toLandlord?.topic).toBe(String(conversationId).replace(/-/g, ''))
    expect(push.messages(hunterBrowser.endpoint)).toHaveLength(0)
    expect(await pendingFor(landlord.id)).toBe(0)

    const reply = await landlord.client
      .from('messages')
      .insert({ id: randomUUID(), conversation_id: conversationId, body: 'Yes it is.' })
    expect(reply.error).toBeNull()
    await runSender()
    const [toHunter] = await push.waitForMessages(hunterBrowser.endpoint, 1)
    expect(toHunter?.json).toMatchObject({
      title: 'Pia Landlord · Sunny flat by the park',
      body: 'Yes it is.',
    })
    // Running again sends nothing more.
    await runSender()
    expect(push.messages(landlordBrowser.endpoint)).toHaveLength(1)
    expect(push.messages(hunterBrowser.endpoint)).toHaveLength(1)
  })

  it('with push off, the push is settled and the unread count still shows', async () => {
    const [l, h] = await Promise.all([signedInUser('No Push Landlord'), signedInUser('No Push Hunter')])
    const listing = randomUUID()
    expect((await l.client.from('listings').insert(validListing(listing, {}))).error).toBeNull()
    await h.client.rpc('send_enquiry', { listing_id: listing, message_id: randomUUID(), body: 'Hi' })
    await runSender()
    expect(await pendingFor(l.id)).toBe(0)
    expect((await l.client.rpc('unread_conversation_count')).data).toBe(1)
  })

  it('nobody but the service reads or changes the queue', async () => {
    const read = await hunter.client.from('message_pushes').select('*')
    expect(read.error?.code).toBe('42501')
    const claim = await hunter.client.rpc('claim_message_pushes', { batch_limit: 10 })
    expect(claim.error).not.toBeNull()
  })
})
