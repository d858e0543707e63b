import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * Conversations and messages through /rest/v1 with supabase-js and real sessions: who reads what,
 * what nobody can change, blocks, idempotent sends, text stored as written.
 */

let landlord: TestUser
let hunter: TestUser
let third: TestUser
let listingId: string
let conversationId: string
let firstMessageId: string

async function publish(owner: TestUser): Promise<string> {
  const id = randomUUID()
  const { error } = await owner.client.from('listings').insert(validListing(id, {}))
  if (error) throw error
  return id
}

async function enquire(who: TestUser, listing: string, body: string, messageId: string = randomUUID()) {
  return who.client.rpc('send_enquiry', { listing_id: listing, message_id: messageId, body })
}

async function reply(who: TestUser, conversation: string, body: string, id: string = randomUUID()) {
  return who.client
    .from('messages')
    .upsert({ id, conversation_id: conversation, body }, { onConflict: 'id', ignoreDuplicates: true })
}

beforeAll(async () => {
  ;[landlord, hunter, third] = await Promise.all([
    signedInUser('Lena Landlord'),
    signedInUser('Harry Hunter'),
    signedInUser('Theo Third'),
  ])
  listingId = await publish(landlord)
  firstMessageId = randomUUID()
  const { data, error } = await enquire(hunter, listingId, 'Is it still available?', firstMessageId)
  if (error) throw error
  conversationId = data as string
})

describe('an enquiry', () => {
  it('starts one conversation between the hunter and the landlord, with the message in it', async () => {
    const { data, error } = await serviceClient()
      .from('conversations')
      .select('listing_id, hunter_id, landlord_id')
      .eq('id', conversationId)
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ listing_id: listingId, hunter_id: hunter.id, landlord_id: landlord.id })
    const messages = await landlord.client
      .from('messages')
      .select('id, sender_id, body')
      .eq('conversation_id', conversationId)
    expect(messages.data).toEqual([
      { id: firstMessageId, sender_id: hunter.id, body: 'Is it still available?' },
    ])
  })

  it('about the same listing again joins the same conversation', async () => {
    const { data, error } = await enquire(hunter, listingId, 'And is there parking?')
    expect(error).toBeNull()
    expect(data).toBe(conversationId)
  })

  it('is refused on your own listing and for visitors', async () => {
    const own = await enquire(landlord, listingId, 'Hello me')
    expect(own.error?.message).toBe('This is your own listing')
    const visitor = await anonClient().rpc('send_enquiry', {
      listing_id: listingId,
      message_id: randomUUID(),
      body: 'Hi',
    })
    expect(visitor.error).not.toBeNull()
    expect(visitor.status).toBe(401)
  })
})

describe('who reads a conversation', () => {
  it('both participants read it and its messages', async () => {
    for (const who of [hunter, landlord]) {
      const c = await who.client.from('conversations').select('id').eq('id', conversationId)
      expect(c.data).toEqual([{ id: conversationId }])
      const m = await who.client.from('messages').select('id').eq('conversation_id', conversationId)
      expect(m.data?.length).toBeGreaterThanOrEqual(1)
    }
  })

  it('a third user reads nothing, even by id', async () => {
    const c = await third.client.from('conversations').select('*').eq('id', conversationId)
    expect(c.error).toBeNull()
    expect(c.data).toEqual([])
    const m = await third.client.from('messages').select('*').eq('id', firstMessageId)
    expect(m.error).toBeNull()
    expect(m.data).toEqual([])
    const all = await third.client.from('messages').select('*')
    expect(all.data).toEqual([])
    const list = await third.client.rpc('my_conversations', { only_id: conversationId })
    expect(list.data).toEqual([])
  })

  it('a visitor reads nothing', async () => {
    const c = await anonClient().from('conversations').select('*')
    expect(c.error?.code).toBe('42501')
    const m = await anonClient().from('messages').select('*')
    expect(m.error?.code).toBe('42501')
  })

  it('a third user cannot write into it', async () => {
    const { error } = await reply(third, conversationId, 'Let me in')
    expect(error?.code).toBe('42501')
  })
})

describe('nobody changes or deletes a message', () => {
  it('not the sender, not the other side', async () => {
    for (const who of [hunter, landlord, third]) {
      const u = await who.client.from('messages').update({ body: 'changed' }).eq('id', firstMessageId)
      expect(u.error?.code).toBe('42501')
      const d = await who.client.from('messages').delete().eq('id', firstMessageId)
      expect(d.error?.code).toBe('42501')
    }
    const { data } = await serviceClient().from('messages').select('body').eq('id', firstMessageId).single()
    expect(data?.body).toBe('Is it still available?')
  })

  it('the sender cannot be forged', async () => {
    const id = randomUUID()
    const { error } = await hunter.client
      .from('messages')
      .insert({ id, conversation_id: conversationId, body: 'as landlord', sender_id: landlord.id })
    expect(error?.code).toBe('42501')
  })

  it('a conversation cannot be moved to other people', async () => {
    const { error } = await hunter.client
      .from('conversations')
      .update({ landlord_id: third.id })
      .eq('id', conversationId)
    expect(error?.code).toBe('42501')
  })
})

describe('sends', () => {
  it('the same message sent twice is stored once', async () => {
    const id = randomUUID()
    for (let i = 0; i < 3; i++) {
      const { error } = await reply(landlord, conversationId, 'Yes, it is.', id)
      expect(error).toBeNull()
    }
    const again = await enquire(hunter, listingId, 'Repeated enquiry', id)
    expect(again.error).toBeNull()
    const { data } = await serviceClient().from('messages').select('body, sender_id').eq('id', id)
    expect(data).toEqual([{ body: 'Yes, it is.', sender_id: landlord.id }])
  })

  it('stores text exactly as written, markup included', async () => {
    const body = '  <b>Hi</b> & <script>alert(1)</script>\n\tÜñíçødé 🏠 — "quotes" \'too\'  '
    const id = randomUUID()
    expect((await reply(hunter, conversationId, body, id)).error).toBeNull()
    const { data } = await landlord.client.from('messages').select('body').eq('id', id).single()
    expect(data?.body).toBe(body)
  })

  it('takes 1 to 2,000 characters, not blank', async () => {
    expect((await reply(hunter, conversationId, 'x')).error).toBeNull()
    expect((await reply(hunter, conversationId, 'x'.repeat(2000))).error).toBeNull()
    const long = await reply(hunter, conversationId, 'x'.repeat(2001))
    expect(long.error?.message).toMatch('messages_body_length')
    const empty = await reply(hunter, conversationId, '')
    expect(empty.error?.message).toMatch('messages_body_length')
    const blank = await reply(hunter, conversationId, ' \n\t ')
    expect(blank.error?.message).toMatch('messages_body_not_blank')
  })

  it('keeps the server time, not the client time', async () => {
    const id = randomUUID()
    const { error } = await hunter.client
      .from('messages')
      .insert({ id, conversation_id: conversationId, body: 'old', created_at: '2001-01-01T00:00:00Z' })
    expect(error?.code).toBe('42501')
  })
})

describe('reading and unread counts', () => {
  it('counts a conversation with a new message as unread until read, and shows Read to the sender', async () => {
    const [l2, h2] = await Promise.all([signedInUser('Lou Landlord'), signedInUser('Hal Hunter')])
    const listing = await publish(l2)
    const sent = await enquire(h2, listing, 'Hello there')
    const conversation = sent.data as string
    expect((await l2.client.rpc('unread_conversation_count')).data).toBe(1)
    expect((await h2.client.rpc('unread_conversation_count')).data).toBe(0)

    const before = await h2.client.rpc('my_conversations', { only_id: conversation })
    expect(before.data?.[0]).toMatchObject({
      role: 'hunter',
      other_name: 'Lou Landlord',
      unread: false,
      last_from_me: true,
    })
    const sentAt = (
      await h2.client.from('messages').select('created_at').eq('conversation_id', conversation).single()
    ).data?.created_at as string
    expect(Date.parse(before.data?.[0].other_read_at ?? '') || -Infinity).toBeLessThan(Date.parse(sentAt))

    const read = await l2.client.rpc('mark_conversation_read', { conversation_id: conversation })
    expect(read.error).toBeNull()
    expect((await l2.client.rpc('unread_conversation_count')).data).toBe(0)
    const after = await h2.client.rpc('my_conversations', { only_id: conversation })
    expect(Date.parse(after.data?.[0].other_read_at)).toBeGreaterThanOrEqual(Date.parse(sentAt))

    // A reply is news for the hunter; the landlord sees the hunter's name, never their email.
    await reply(l2, conversation, 'Yes, come on Tuesday')
    expect((await h2.client.rpc('unread_conversation_count')).data).toBe(1)
    const landlordView = await l2.client.rpc('my_conversations', {})
    expect(landlordView.data).toHaveLength(1)
    expect(landlordView.data?.[0]).toMatchObject({
      role: 'landlord',
      other_name: 'Hal Hunter',
      last_body: 'Yes, come on Tuesday',
    })
    expect(JSON.stringify(landlordView.data)).not.toContain(h2.email)

    // Marking someone else's conversation read does nothing.
    const stranger = await third.client.rpc('mark_conversation_read', { conversation_id: conversation })
    expect(stranger.data).toBeNull()
    expect((await h2.client.rpc('unread_conversation_count')).data).toBe(1)
  })

  it('pages a long conversation by keyset, newest first, in order', async () => {
    const [l3, h3] = await Promise.all([signedInUser('Lia Landlord'), signedInUser('Hugo Hunter')])
    const conversation = (await enquire(h3, await publish(l3), 'message 0')).data as string
    for (let i = 1; i < 12; i++) {
      const who = i % 2 ? l3 : h3
      expect((await reply(who, conversation, `message ${i}`)).error).toBeNull()
    }
    const page = async (after?: { created_at: string; id: string }) => {
      let q = h3.client.from('messages').select('id, body, created_at').eq('conversation_id', conversation)
      if (after)
        q = q.or(`created_at.lt.${after.created_at},and(created_at.eq.${after.created_at},id.lt.${after.id})`)
      const { data, error } = await q
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(5)
      if (error) throw error
      return data
    }
    const bodies: string[] = []
    let last: { created_at: string; id: string } | undefined
    for (;;) {
      const rows = await page(last)
      if (rows.length === 0) break
      bodies.push(...rows.map((r) => r.body))
      last = rows.at(-1)
    }
    expect(bodies).toEqual(Array.from({ length: 12 }, (_, i) => `message ${11 - i}`))
  })
})

describe('block', () => {
  it("refuses a blocked sender's later messages and enquiries, and unblocking lets them through", async () => {
    const [l4, h4] = await Promise.all([signedInUser('Bea Landlord'), signedInUser('Bob Pest')])
    const listing = await publish(l4)
    const conversation = (await enquire(h4, listing, 'Hi')).data as string
    const block = await l4.client.from('blocked_senders').insert({ blocked_id: h4.id })
    expect(block.error).toBeNull()

    const refused = await reply(h4, conversation, 'Hello again?')
    expect(refused.error?.message).toBe('This person is not accepting your messages')
    const other = await enquire(h4, await publish(l4), 'Another listing')
    expect(other.error?.message).toBe('This person is not accepting your messages')
    // The landlord may still write.
    expect((await reply(l4, conversation, 'Please stop')).error).toBeNull()
    // The hunter cannot see or undo the block.
    expect((await h4.client.from('blocked_senders').select('*')).data).toEqual([])
    await h4.client.from('blocked_senders').delete().eq('blocker_id', l4.id)
    expect((await reply(h4, conversation, 'Still blocked?')).error?.message).toBe(
      'This person is not accepting your messages',
    )

    await l4.client.from('blocked_senders').delete().eq('blocked_id', h4.id)
    expect((await reply(h4, conversation, 'Thanks')).error).toBeNull()
  })

  it('blocks only people one talks with', async () => {
    const { error } = await third.client.from('blocked_senders').insert({ blocked_id: landlord.id })
    expect(error?.code).toBe('42501')
  })
})

describe('sending limits', () => {
  it('at most 10 new conversations a day, with a clear message', async () => {
    const [owner, sender] = await Promise.all([signedInUser('Many Listings'), signedInUser('Eager Hunter')])
    const listings = await Promise.all(Array.from({ length: 11 }, () => publish(owner)))
    for (const listing of listings.slice(0, 10)) {
      expect((await enquire(sender, listing, 'Interested')).error).toBeNull()
    }
    const eleventh = await enquire(sender, listings[10] as string, 'Interested')
    expect(eleventh.status).toBe(400)
    expect(eleventh.error?.message).toBe('You can start up to 10 new conversations a day')
    // Writing again about a listing already asked about still works.
    expect((await enquire(sender, listings[0] as string, 'Still interested')).error).toBeNull()
    // A day later the count starts again (the start time is otherwise immutable: triggers off for this).
    await withDatabase(async (db) => {
      await db.query('set session_replication_role = replica')
      await db.query(
        `update public.conversations set created_at = created_at - interval '1 day' where hunter_id = $1`,
        [sender.id],
      )
    })
    expect((await enquire(sender, listings[10] as string, 'Interested')).error).toBeNull()
  })

  it('at most 60 messages an hour, with a clear message', async () => {
    const [owner, sender] = await Promise.all([signedInUser('Busy Landlord'), signedInUser('Chatty Hunter')])
    const conversation = (await enquire(sender, await publish(owner), 'message 1')).data as string
    for (let i = 2; i <= 60; i++) expect((await reply(sender, conversation, `message ${i}`)).error).toBeNull()
    const sixtyFirst = await reply(sender, conversation, 'message 61')
    expect(sixtyFirst.status).toBe(400)
    expect(sixtyFirst.error?.message).toBe('You can send up to 60 messages an hour')
    // The other side is not limited by the sender's count.
    expect((await reply(owner, conversation, 'Slow down')).error).toBeNull()
    await withDatabase((db) =>
      db.query(
        `update public.messages set created_at = created_at - interval '1 hour' where sender_id = $1`,
        [sender.id],
      ),
    )
    expect((await reply(sender, conversation, 'message 61')).error).toBeNull()
  })
})

describe('someone who left', () => {
  it('is written to no more: the clear refusal, not the push queue failing, and the talk stays readable', async () => {
    const [l5, h5] = await Promise.all([signedInUser('Leaving Landlord'), signedInUser('Staying Hunter')])
    const conversation = (await enquire(h5, await publish(l5), 'Is it still free?')).data as string
    const deleted = await serviceClient().auth.admin.deleteUser(l5.id)
    expect(deleted.error).toBeNull()

    const refused = await reply(h5, conversation, 'Hello?')
    expect(refused.status).toBe(410)
    expect(refused.error?.code).toBe('PT410')
    expect(refused.error?.message).toBe('This person has left Roost')
    const kept = await h5.client.from('messages').select('body').eq('conversation_id', conversation)
    expect(kept.data).toEqual([{ body: 'Is it still free?' }])
  })

  it('who was the hunter is written to no more by the landlord either', async () => {
    const [l6, h6] = await Promise.all([signedInUser('Staying Landlord'), signedInUser('Leaving Hunter')])
    const conversation = (await enquire(h6, await publish(l6), 'Hello')).data as string
    expect((await serviceClient().auth.admin.deleteUser(h6.id)).error).toBeNull()
    const refused = await reply(l6, conversation, 'Still looking?')
    expect(refused.error?.message).toBe('This person has left Roost')
  })

  it('leaves no push owed to nobody when the service role writes to them', async () => {
    const [l7, h7] = await Promise.all([signedInUser('Gone Landlord'), signedInUser('Seeded Hunter')])
    const conversation = (await enquire(h7, await publish(l7), 'Hi')).data as string
    await withDatabase(async (db) => {
      await db.query('delete from auth.users where id = $1', [l7.id])
      // Past the refusal (as a restore would be), the queue trigger still owes nothing to a null recipient.
      await db.query('alter table public.messages disable trigger stamp_message')
      try {
        await db.query('insert into public.messages (conversation_id, sender_id, body) values ($1, $2, $3)', [
          conversation,
          h7.id,
          'Restored',
        ])
      } finally {
        await db.query('alter table public.messages enable trigger stamp_message')
      }
      const { rows } = await db.query(
        `select count(*)::int as n from public.message_pushes as p
         join public.messages as m on m.id = p.message_id where m.conversation_id = $1`,
        [conversation],
      )
      // The enquiry's push to the landlord went with their account; the restored message owes none.
      expect(rows[0].n).toBe(0)
    })
  })
})

describe('conversation_open_to', () => {
  it("answers nothing about other people's conversations, whoever blocked whom", async () => {
    const [l8, h8] = await Promise.all([signedInUser('Private Landlord'), signedInUser('Private Hunter')])
    const conversation = (await enquire(h8, await publish(l8), 'Hello')).data as string
    const ask = (who: TestUser, sender: string) =>
      who.client.rpc('conversation_open_to', { conversation_id: conversation, sender })

    // Before and after a block, a third person hears the same nothing about either side.
    const before = await Promise.all([ask(third, h8.id), ask(third, l8.id)])
    expect((await l8.client.from('blocked_senders').insert({ blocked_id: h8.id })).error).toBeNull()
    const after = await Promise.all([ask(third, h8.id), ask(third, l8.id)])
    for (const answer of [...before, ...after]) {
      expect(answer.error).toBeNull()
      expect(answer.data).toBe(false)
    }
    // Nor does one side learn about the other through it.
    expect((await ask(h8, l8.id)).data).toBe(false)
    // Visitors may not ask at all.
    const visitor = await anonClient().rpc('conversation_open_to', {
      conversation_id: conversation,
      sender: h8.id,
    })
    expect(visitor.error).not.toBeNull()
    expect(visitor.data).toBeNull()
    // About themselves, in their own conversation, the sides get what the app needs.
    expect((await ask(h8, h8.id)).data).toBe(false)
    expect((await ask(l8, l8.id)).data).toBe(true)
  })
})

describe('a message with nothing to read', () => {
  it('of zero-width spaces, joiners and whitespace is refused', async () => {
    for (const body of ['\u200b\u200b\u200b', '\u200c\u200d', '\u2060 \ufeff', ' \u200b\n\t\u00a0']) {
      const { error } = await reply(hunter, conversationId, body)
      expect(error?.code).toBe('23514')
    }
    const enquiry = await enquire(hunter, listingId, '\u200b\u200b')
    expect(enquiry.error?.code).toBe('23514')
    // Visible text among them is a message, stored as written.
    const id = randomUUID()
    expect((await reply(hunter, conversationId, '\u200bHi\u200b', id)).error).toBeNull()
  })
})
