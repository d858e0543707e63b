import { randomUUID } from 'node:crypto'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import WebSocket from 'ws'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * Realtime on the local stack with supabase-js' own channel(): private channels authorised by the RLS of
 * realtime.messages, broadcasts written by the database's triggers, the protocol's failures.
 */

let landlord: TestUser
let hunter: TestUser
let third: TestUser
let listingId: string
let conversationId: string
const opened: SupabaseClient[] = []

type Joined = { status: string; error?: Error }

/** Subscribes and waits for the first answer: SUBSCRIBED, or the error hosted gives. */
function join(channel: RealtimeChannel, ms = 5_000): Promise<Joined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ status: 'NO ANSWER' }), ms)
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        clearTimeout(timer)
        resolve({ status, error })
      }
    })
  })
}

async function signedIn(user: TestUser): Promise<SupabaseClient> {
  const c = user.client
  const { data } = await c.auth.getSession()
  if (data.session) await c.realtime.setAuth(data.session.access_token)
  opened.push(c)
  return c
}

function until<T>(check: () => T | undefined, ms = 3_000): Promise<T> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = check()
      if (value !== undefined) return resolve(value)
      if (Date.now() - started > ms) return reject(new Error('timed out waiting'))
      setTimeout(tick, 20)
    }
    tick()
  })
}

const reply = (who: TestUser, body: string, id: string = randomUUID()) =>
  who.client
    .from('messages')
    .upsert({ id, conversation_id: conversationId, body }, { onConflict: 'id', ignoreDuplicates: true })

beforeAll(async () => {
  ;[landlord, hunter, third] = await Promise.all([
    signedInUser('Lena Landlord'),
    signedInUser('Harry Hunter'),
    signedInUser('Theo Third'),
  ])
  listingId = randomUUID()
  const published = await landlord.client.from('listings').insert(validListing(listingId, {}))
  if (published.error) throw published.error
  const { data, error } = await hunter.client.rpc('send_enquiry', {
    listing_id: listingId,
    message_id: randomUUID(),
    body: 'Is it still available?',
  })
  if (error) throw error
  conversationId = data as string
})

afterAll(async () => {
  await Promise.all(opened.map((c) => c.removeAllChannels()))
  await Promise.all(opened.map((c) => c.realtime.disconnect()))
})

describe('joining a private channel', () => {
  it('is refused to a visitor with the error hosted gives', async () => {
    const visitor = anonClient()
    opened.push(visitor)
    const joined = await join(
      visitor.channel(`conversation:${conversationId}`, { config: { private: true } }),
    )
    expect(joined.status).toBe('CHANNEL_ERROR')
    expect(joined.error?.message).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: conversation:${conversationId}`,
    )
  })

  it('is allowed to each person of the conversation, and refused to a third', async () => {
    for (const person of [hunter, landlord]) {
      const c = await signedIn(person)
      const joined = await join(c.channel(`conversation:${conversationId}`, { config: { private: true } }))
      expect(joined.status).toBe('SUBSCRIBED')
      await c.removeAllChannels()
    }
    const outsider = await signedIn(third)
    const refused = await join(
      outsider.channel(`conversation:${conversationId}`, { config: { private: true } }),
    )
    expect(refused.status).toBe('CHANNEL_ERROR')
    expect(refused.error?.message).toMatch(/^Unauthorized: You do not have permissions to read/)
    const others = await join(outsider.channel(`user:${hunter.id}`, { config: { private: true } }))
    expect(others.status).toBe('CHANNEL_ERROR')
    const own = await join(outsider.channel(`user:${third.id}`, { config: { private: true } }))
    expect(own.status).toBe('SUBSCRIBED')
    await outsider.removeAllChannels()
  })

  it('is refused for a public channel: the project allows private channels only', async () => {
    const c = await signedIn(hunter)
    const joined = await join(c.channel(`conversation:${conversationId}`))
    expect(joined.status).toBe('CHANNEL_ERROR')
    expect(joined.error?.message).toBe('PrivateOnly: This project only allows private channels')
    await c.removeAllChannels()
  })
})

describe('broadcasts from the database', () => {
  it('bring a new message to the conversation’s people only', async () => {
    const hunterClient = await signedIn(hunter)
    const outsider = await signedIn(third)
    const seen: unknown[] = []
    const seenByThird: unknown[] = []
    const thread = hunterClient
      .channel(`conversation:${conversationId}`, { config: { private: true } })
      .on('broadcast', { event: 'message' }, ({ payload }) => seen.push(payload))
    const listNews: unknown[] = []
    const list = hunterClient
      .channel(`user:${hunter.id}`, { config: { private: true } })
      .on('broadcast', { event: 'conversation' }, ({ payload }) => listNews.push(payload))
    const elsewhere = outsider
      .channel(`user:${third.id}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, ({ payload }) => seenByThird.push(payload))
    expect((await join(thread)).status).toBe('SUBSCRIBED')
    expect((await join(list)).status).toBe('SUBSCRIBED')
    expect((await join(elsewhere)).status).toBe('SUBSCRIBED')

    const id = randomUUID()
    const sent = await reply(landlord, 'Yes, it is.', id)
    expect(sent.error).toBeNull()
    const message = await until(() => seen.find((m) => (m as { id: string }).id === id))
    expect(message).toMatchObject({
      id,
      conversation_id: conversationId,
      sender_id: landlord.id,
      body: 'Yes, it is.',
    })
    await until(() => listNews.find((n) => (n as { id: string }).id === conversationId))
    await new Promise((r) => setTimeout(r, 200))
    expect(seenByThird).toEqual([])
    expect(seen.filter((m) => (m as { id: string }).id === id)).toHaveLength(1)
    await hunterClient.removeAllChannels()
    await outsider.removeAllChannels()
  })

  it('say `read` in the open thread when the other side reads it', async () => {
    const hunterClient = await signedIn(hunter)
    const reads: { hunter_read_at: string; landlord_read_at: string }[] = []
    const thread = hunterClient
      .channel(`conversation:${conversationId}`, { config: { private: true } })
      .on('broadcast', { event: 'read' }, ({ payload }) => reads.push(payload))
    expect((await join(thread)).status).toBe('SUBSCRIBED')
    const { error } = await landlord.client.rpc('mark_conversation_read', { conversation_id: conversationId })
    expect(error).toBeNull()
    const read = await until(() => reads[0])
    expect(new Date(read.landlord_read_at).getTime()).toBeGreaterThan(Date.now() - 60_000)
    await hunterClient.removeAllChannels()
  })

  it('bring a status change to the people who saved the home', async () => {
    const outsider = await signedIn(third)
    const saved = await third.client.from('saved_listings').insert({ listing_id: listingId })
    expect(saved.error).toBeNull()
    const news: { id: string; status: string }[] = []
    const mine = outsider
      .channel(`user:${third.id}`, { config: { private: true } })
      .on('broadcast', { event: 'saved_home' }, ({ payload }) => news.push(payload))
    expect((await join(mine)).status).toBe('SUBSCRIBED')
    const changed = await landlord.client
      .from('listings')
      .update({ status: 'let_agreed' })
      .eq('id', listingId)
    expect(changed.error).toBeNull()
    const event = await until(() => news[0])
    expect(event).toMatchObject({ id: listingId, status: 'let_agreed' })
    await outsider.removeAllChannels()
    await landlord.client.from('listings').update({ status: 'available' }).eq('id', listingId)
  })

  it('bring a listing leaving the market to anyone signed in who has it open', async () => {
    const outsider = await signedIn(third)
    const news: { id: string; status: string }[] = []
    const page = outsider
      .channel(`listing:${listingId}`, { config: { private: true } })
      .on('broadcast', { event: 'listing' }, ({ payload }) => news.push(payload))
    expect((await join(page)).status).toBe('SUBSCRIBED')
    const changed = await landlord.client.from('listings').update({ status: 'let' }).eq('id', listingId)
    expect(changed.error).toBeNull()
    // The previous test's last change (back to available) may still be on its way when this channel joins: a
    // screen re-reads on any event, so what matters is that this change arrives.
    expect(await until(() => news.find((event) => event.status === 'let'))).toMatchObject({
      id: listingId,
      status: 'let',
    })
    const seen = await outsider.from('listings').select('status').eq('id', listingId).maybeSingle()
    expect(seen.data).toEqual({ status: 'let' })
    await outsider.removeAllChannels()
  })
})

describe('broadcasts about listings, saved searches and deletions', () => {
  type News = { event: string; payload: Record<string, unknown> }
  const listen = (c: SupabaseClient, topic: string, into: News[]) =>
    c
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, ({ event, payload }) => into.push({ event, payload }))
  const quiet = () => new Promise((r) => setTimeout(r, 300))

  it('bring any edit to the landlord’s own topic (Your Listings, an open edit screen), and to no one else’s', async () => {
    const [own, outsider] = await Promise.all([signedIn(landlord), signedIn(third)])
    const mine: News[] = []
    const theirs: News[] = []
    expect((await join(listen(own, `user:${landlord.id}`, mine))).status).toBe('SUBSCRIBED')
    expect((await join(listen(outsider, `user:${third.id}`, theirs))).status).toBe('SUBSCRIBED')
    const before = await landlord.client.from('listings').select('version').eq('id', listingId).single()
    const edited = await landlord.client
      .from('listings')
      .update({ description: 'A new description', version: before.data?.version })
      .eq('id', listingId)
    expect(edited.error).toBeNull()
    const event = await until(() => mine.find((news) => news.event === 'my_listing'))
    expect(event.payload).toEqual({ id: listingId, version: (before.data?.version ?? 0) + 1 })
    await quiet()
    expect(theirs).toEqual([])
    await own.removeAllChannels()
    await outsider.removeAllChannels()
  })

  it('bring a hold (a moderator’s decision, reports) to the landlord', async () => {
    const own = await signedIn(landlord)
    const mine: News[] = []
    expect((await join(listen(own, `user:${landlord.id}`, mine))).status).toBe('SUBSCRIBED')
    const service = serviceClient()
    const held = await service
      .from('listing_review_holds')
      .insert({ listing_id: listingId, landlord_id: landlord.id, kind: 'fix-requested' })
    expect(held.error).toBeNull()
    expect(await until(() => mine.find((news) => news.payload.held === true))).toMatchObject({
      event: 'my_listing',
      payload: { id: listingId, held: true },
    })
    const lifted = await service.from('listing_review_holds').delete().eq('listing_id', listingId)
    expect(lifted.error).toBeNull()
    expect(await until(() => mine.find((news) => news.payload.held === false))).toMatchObject({
      event: 'my_listing',
      payload: { id: listingId, held: false },
    })
    await own.removeAllChannels()
  })

  it('bring a matching home published, and its deletion, to the saved search’s owner only; the deletion to its page, landlord and savers', async () => {
    const [hunterClient, outsider, own] = await Promise.all([
      signedIn(hunter),
      signedIn(third),
      signedIn(landlord),
    ])
    const word = `live${randomUUID().slice(0, 8)}`
    const search = await hunter.client
      .from('saved_searches')
      .insert({ name: `Rent ${word}`, params: { type: 'rent', keywords: word } })
      .select('id')
      .single()
    expect(search.error).toBeNull()
    const hunterNews: News[] = []
    const thirdNews: News[] = []
    const landlordNews: News[] = []
    const pageNews: News[] = []
    expect((await join(listen(hunterClient, `user:${hunter.id}`, hunterNews))).status).toBe('SUBSCRIBED')
    expect((await join(listen(outsider, `user:${third.id}`, thirdNews))).status).toBe('SUBSCRIBED')
    expect((await join(listen(own, `user:${landlord.id}`, landlordNews))).status).toBe('SUBSCRIBED')

    const homeId = randomUUID()
    const published = await landlord.client
      .from('listings')
      .insert(validListing(homeId, { name: `Flat ${word}`.slice(0, 32) }))
    expect(published.error).toBeNull()
    expect(await until(() => hunterNews.find((news) => news.event === 'saved_search'))).toEqual({
      event: 'saved_search',
      payload: { ids: [search.data?.id] },
    })

    const saved = await third.client.from('saved_listings').insert({ listing_id: homeId })
    expect(saved.error).toBeNull()
    expect((await join(listen(outsider, `listing:${homeId}`, pageNews))).status).toBe('SUBSCRIBED')
    hunterNews.length = 0
    const deleted = await landlord.client.from('listings').delete().eq('id', homeId)
    expect(deleted.error).toBeNull()
    const gone = { id: homeId, deleted: true }
    expect(await until(() => pageNews.find((news) => news.event === 'listing_deleted'))).toEqual({
      event: 'listing_deleted',
      payload: gone,
    })
    expect(await until(() => landlordNews.find((news) => news.payload.deleted === true))).toEqual({
      event: 'my_listing',
      payload: gone,
    })
    expect(await until(() => thirdNews.find((news) => news.event === 'saved_home'))).toEqual({
      event: 'saved_home',
      payload: gone,
    })
    // The match went with the listing: the search's `N new` is read again.
    expect(await until(() => hunterNews.find((news) => news.event === 'saved_search'))).toEqual({
      event: 'saved_search',
      payload: { ids: [search.data?.id] },
    })
    await quiet()
    expect(thirdNews.filter((news) => news.event === 'saved_search')).toEqual([])
    await hunter.client
      .from('saved_searches')
      .delete()
      .eq('id', search.data?.id ?? '')
    await Promise.all([hunterClient, outsider, own].map((c) => c.removeAllChannels()))
  })
})

describe('a shared shortlist', () => {
  it('brings a member’s home, note and vote to the other members, ids only; a non-member’s join is refused', async () => {
    const [sam, alex] = await Promise.all([signedInUser('Sam Sharer'), signedInUser('Alex Partner')])
    const invited = await sam.client.rpc('create_shortlist_invitation')
    expect(invited.error).toBeNull()
    const { token, shortlist_id: shortlistId } = (
      invited.data as { token: string; shortlist_id: string }[]
    )[0] as {
      token: string
      shortlist_id: string
    }
    expect((await alex.client.rpc('accept_shortlist_invitation', { token })).error).toBeNull()

    const outsider = await signedIn(third)
    const refused = await join(outsider.channel(`shortlist:${shortlistId}`, { config: { private: true } }))
    expect(refused.status).toBe('CHANNEL_ERROR')
    expect(refused.error?.message).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: shortlist:${shortlistId}`,
    )
    await outsider.removeAllChannels()

    const alexClient = await signedIn(alex)
    const news: Record<string, unknown>[] = []
    const shared = alexClient
      .channel(`shortlist:${shortlistId}`, { config: { private: true } })
      .on('broadcast', { event: 'shortlist' }, ({ payload }) => news.push(payload))
    expect((await join(shared)).status).toBe('SUBSCRIBED')

    // Sam saves a home (it joins the shortlist), writes a note, then votes.
    expect((await sam.client.from('saved_listings').insert({ listing_id: listingId })).error).toBeNull()
    await until(() => (news.length >= 1 ? true : undefined))
    expect(
      (await sam.client.rpc('set_home_note', { listing_id: listingId, body: 'Big garden' })).error,
    ).toBeNull()
    await until(() => (news.length >= 2 ? true : undefined))
    const voted = await sam.client.from('home_notes').update({ vote: 'up' }).eq('listing_id', listingId)
    expect(voted.error).toBeNull()
    await until(() => (news.length >= 3 ? true : undefined))
    for (const payload of news) expect(payload).toEqual({ shortlist_id: shortlistId, listing_id: listingId })

    // Sam removes it: the home leaves the shortlist.
    const removed = await sam.client.from('shortlist_homes').delete().eq('listing_id', listingId)
    expect(removed.error).toBeNull()
    await until(() => (news.length >= 4 ? true : undefined))
    await alexClient.removeAllChannels()
  })
})

describe('realtime.broadcast_changes', () => {
  it('sends a row change in hosted’s shape to the topic', async () => {
    const c = await signedIn(third)
    const news: Record<string, unknown>[] = []
    const mine = c
      .channel(`user:${third.id}`, { config: { private: true } })
      .on('broadcast', { event: 'profile_changed' }, ({ payload }) => news.push(payload))
    expect((await join(mine)).status).toBe('SUBSCRIBED')
    await withDatabase((db) =>
      db.query(
        `select realtime.broadcast_changes($1, 'profile_changed', 'UPDATE', 'profiles', 'public', p, p)
         from public.profiles as p where p.id = $2`,
        [`user:${third.id}`, third.id],
      ),
    )
    const event = await until(() => news[0])
    expect(event).toMatchObject({ operation: 'UPDATE', table: 'profiles', schema: 'public' })
    expect((event.record as { id: string }).id).toBe(third.id)
    expect((event.old_record as { id: string }).id).toBe(third.id)
    await c.removeAllChannels()
  })
})

describe('between the people of a conversation', () => {
  it('a broadcast (typing) reaches the other person and is never stored; presence shows who is there', async () => {
    const [a, b] = [await signedIn(hunter), await signedIn(landlord)]
    const heard: unknown[] = []
    const echoed: unknown[] = []
    const channelA = a.channel(`conversation:${conversationId}`, {
      config: { private: true, presence: { key: hunter.id } },
    })
    channelA.on('broadcast', { event: 'typing' }, ({ payload }) => echoed.push(payload))
    const channelB = b
      .channel(`conversation:${conversationId}`, {
        config: { private: true, presence: { key: landlord.id } },
      })
      .on('broadcast', { event: 'typing' }, ({ payload }) => heard.push(payload))
      .on('presence', { event: 'sync' }, () => undefined)
    expect((await join(channelA)).status).toBe('SUBSCRIBED')
    expect((await join(channelB)).status).toBe('SUBSCRIBED')
    const stored = async () =>
      (
        await withDatabase((db) =>
          db.query("select count(*)::int as n from realtime.messages where event = 'typing'"),
        )
      ).rows[0].n as number
    const before = await stored()
    expect(await channelA.send({ type: 'broadcast', event: 'typing', payload: { user_id: hunter.id } })).toBe(
      'ok',
    )
    expect(await until(() => heard[0])).toEqual({ user_id: hunter.id })
    expect(echoed).toEqual([])
    expect(await stored()).toBe(before)

    expect(await channelA.track({ online_at: 'now' })).toBe('ok')
    const present = await until(() => {
      const state = channelB.presenceState()
      return state[hunter.id] ? state : undefined
    })
    expect(present[hunter.id]?.[0]).toMatchObject({ online_at: 'now' })
    await a.removeAllChannels()
    await until(() => (channelB.presenceState()[hunter.id] ? undefined : true))
    await b.removeAllChannels()
  })

  it('a refreshed token keeps the channel open past the old token’s expiry', async () => {
    const c = anonClient()
    opened.push(c)
    const now = Math.floor(Date.now() / 1000)
    const token = (exp: number) =>
      new SignJWT({ sub: hunter.id, role: 'authenticated', aud: 'authenticated', email: hunter.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(inject('jwtSecret')))
    await c.realtime.setAuth(await token(now + 2))
    const seen: { id: string }[] = []
    let closed = false
    const channel = c
      .channel(`conversation:${conversationId}`, { config: { private: true } })
      .on('broadcast', { event: 'message' }, ({ payload }) => seen.push(payload))
    const joined = await new Promise<string>((resolve) =>
      channel.subscribe((status) => {
        if (status === 'CLOSED') closed = true
        if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR') resolve(status)
      }),
    )
    expect(joined).toBe('SUBSCRIBED')
    // The access_token event realtime-js sends on setAuth: hosted re-checks the channel with it.
    await c.realtime.setAuth(await token(now + 3600))
    await new Promise((r) => setTimeout(r, 3_000))
    expect(closed).toBe(false)
    const id = randomUUID()
    await reply(landlord, 'After the refresh', id)
    await until(() => seen.find((m) => m.id === id))
    await c.removeAllChannels()
  })
})

describe('the protocol’s failures', () => {
  it('a malformed frame closes that socket only', async () => {
    const url = `${inject('apiUrl').replace('http', 'ws')}/realtime/v1/websocket?apikey=${inject('anonKey')}&vsn=2.0.0`
    const bad = new WebSocket(url)
    await new Promise((resolve, reject) => {
      bad.once('open', resolve)
      bad.once('error', reject)
    })
    const closed = new Promise<number>((resolve) => bad.once('close', (code) => resolve(code)))
    const hunterClient = await signedIn(hunter)
    const seen: unknown[] = []
    const thread = hunterClient
      .channel(`conversation:${conversationId}`, { config: { private: true } })
      .on('broadcast', { event: 'message' }, ({ payload }) => seen.push(payload))
    expect((await join(thread)).status).toBe('SUBSCRIBED')
    bad.send('{"this is": not a frame')
    expect(await closed).toBe(1007)
    const id = randomUUID()
    await reply(landlord, 'Still here?', id)
    await until(() => seen.find((m) => (m as { id: string }).id === id))
    await hunterClient.removeAllChannels()
  })

  it('a socket that floods joins has the joins past its limit refused', async () => {
    const c = await signedIn(third)
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        join(c.channel(`user:${third.id}:${randomUUID()}`, { config: { private: true } })),
      ),
    )
    expect(
      answers.some((a) => a.error?.message === 'ClientJoinRateLimitReached: Too many joins per second'),
    ).toBe(true)
    await c.removeAllChannels()
  })

  it('an expired token closes the channel, and a join with a fresh token works', async () => {
    const c = anonClient()
    opened.push(c)
    const now = Math.floor(Date.now() / 1000)
    const token = (exp: number) =>
      new SignJWT({ sub: hunter.id, role: 'authenticated', aud: 'authenticated', email: hunter.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(inject('jwtSecret')))
    await c.realtime.setAuth(await token(now + 2))
    const systems: { message: string; status: string }[] = []
    let closed = false
    const channel = c.channel(`conversation:${conversationId}`, { config: { private: true } })
    channel.on('system', {}, (payload) => systems.push(payload))
    const joined = await new Promise<string>((resolve) =>
      channel.subscribe((status) => {
        if (status === 'CLOSED') closed = true
        if (status === 'SUBSCRIBED' || status === 'CHANNEL_ERROR') resolve(status)
      }),
    )
    expect(joined).toBe('SUBSCRIBED')
    await until(() => (closed ? true : undefined), 6_000)
    expect(systems[0]).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Token has expired/),
    })

    await c.removeAllChannels()
    await c.realtime.setAuth(await token(now + 3600))
    const again = await join(c.channel(`conversation:${conversationId}`, { config: { private: true } }))
    expect(again.status).toBe('SUBSCRIBED')
    await c.removeAllChannels()
  })
})

describe('reconnecting', () => {
  it('misses no message sent between the re-read and the re-join, and shows none twice', async () => {
    const c = await signedIn(hunter)
    const shown = new Map<string, string>()
    const readThread = async () => {
      const { data, error } = await c
        .from('messages')
        .select('id, body')
        .eq('conversation_id', conversationId)
      if (error) throw error
      for (const m of data) shown.set(m.id, m.body)
    }
    // The app's order after a reconnect: re-read, re-join, and once joined read again what came between.
    await readThread()
    const between = randomUUID()
    await reply(landlord, 'Sent while you were away', between)
    const live: string[] = []
    const thread = c
      .channel(`conversation:${conversationId}`, { config: { private: true } })
      .on('broadcast', { event: 'message' }, ({ payload }) => {
        live.push(payload.id)
        shown.set(payload.id, payload.body)
      })
    expect((await join(thread)).status).toBe('SUBSCRIBED')
    await readThread()
    expect(shown.get(between)).toBe('Sent while you were away')
    const after = randomUUID()
    await reply(landlord, 'And after', after)
    await until(() => (live.includes(after) ? true : undefined))
    await readThread()
    expect([...shown.keys()].filter((id) => id === after)).toHaveLength(1)
    await c.removeAllChannels()
  })
})

describe('a service-role client', () => {
  it('joins any topic, as hosted gives the service role every right', async () => {
    const c = serviceClient()
    opened.push(c)
    const joined = await join(c.channel(`conversation:${conversationId}`, { config: { private: true } }))
    // realtime.messages has no policy for service_role, but the role bypasses row-level security.
    expect(joined.status).toBe('SUBSCRIBED')
    await c.removeAllChannels()
  })
})
