import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * A message to a landlord who has not opened the app for a day sends them one email per conversation and
 * quiet period, through send-emails (real Deno, run by the stack) and the mail API into the local outbox.
 */

type MailSummary = { ID: string; Subject: string; To: { Address: string }[] }
type MailMessage = MailSummary & { Text: string; HTML: string; From: { Name: string; Address: string } }

const mail = async <T>(path: string): Promise<T> => (await fetch(`${inject('mailUrl')}${path}`)).json() as T

async function mailsTo(address: string): Promise<MailMessage[]> {
  const found = await mail<{ messages: MailSummary[] }>(
    `/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`,
  )
  return Promise.all(found.messages.map((m) => mail<MailMessage>(`/api/v1/message/${m.ID}`)))
}

async function runSender() {
  const key = inject('serviceRoleKey')
  const response = await fetch(`${inject('apiUrl')}/functions/v1/send-emails`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
    body: '{}',
  })
  const body = (await response.json()) as Record<string, unknown>
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body
}

/** When the person last opened the app, moved back in time (as if they had been away). */
const lastSeen = (person: TestUser, hoursAgo: number) =>
  withDatabase((db) =>
    db.query(
      `insert into public.app_openings (user_id, last_seen_at) values ($1, now() - $2 * interval '1 hour')
       on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`,
      [person.id, hoursAgo],
    ),
  )

const queued = (recipient: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query(
      `select conversation_id, sent_at, outcome, attempts, last_error, next_attempt_at > now() as later
       from public.message_emails where recipient_id = $1 order by id`,
      [recipient],
    )
    return rows as {
      conversation_id: string
      sent_at: Date | null
      outcome: string | null
      attempts: number
      last_error: string | null
      later: boolean
    }[]
  })

async function landlordWithListing(name: string, listingName: string) {
  const landlord = await signedInUser(name)
  const listingId = randomUUID()
  const { error } = await landlord.client
    .from('listings')
    .insert(validListing(listingId, { name: listingName }))
  if (error) throw error
  return { landlord, listingId }
}

async function enquire(hunter: TestUser, listingId: string, body: string): Promise<string> {
  const { data, error } = await hunter.client.rpc('send_enquiry', {
    listing_id: listingId,
    message_id: randomUUID(),
    body,
  })
  if (error) throw error
  return String(data)
}

let hunter: TestUser

beforeAll(async () => {
  hunter = await signedInUser('Hank Hunter')
})

describe('emails to landlords who are away', () => {
  it('a landlord away for a day gets one email naming who wrote about which listing, with the link', async () => {
    const { landlord, listingId } = await landlordWithListing('Pia Away', 'Sunny flat by the park')
    await lastSeen(landlord, 30)
    const conversationId = await enquire(hunter, listingId, `Hello, write to me at ${hunter.email}`)
    const more = await hunter.client
      .from('messages')
      .insert({ id: randomUUID(), conversation_id: conversationId, body: 'Any news?' })
    expect(more.error).toBeNull()
    expect(await queued(landlord.id)).toHaveLength(1)

    const summary = await runSender()
    expect(summary.emailsSent).toBeGreaterThanOrEqual(1)
    const emails = await mailsTo(landlord.email)
    expect(emails).toHaveLength(1)
    const [email] = emails
    expect(email?.Subject).toBe('Hank Hunter sent you a message about Sunny flat by the park')
    expect(email?.From).toEqual({ Name: 'Roost', Address: 'no-reply@roost.local' })
    expect(email?.Text).toContain('Hello Pia Away,')
    expect(email?.Text).toContain('Hank Hunter sent you a message in Roost about Sunny flat by the park.')
    expect(email?.Text).toMatch(new RegExp(`https?://[^\\s]+/messages/${conversationId}(\\s|$)`))
    expect(email?.HTML).toContain(`/messages/${conversationId}"`)
    // Never the hunter's address, not even the one written in the message.
    expect(`${email?.Subject} ${email?.Text} ${email?.HTML}`).not.toContain(hunter.email)
    expect(await queued(landlord.id)).toMatchObject([{ outcome: 'sent', attempts: 1 }])

    // Further messages in the same quiet period send nothing more; running again sends nothing.
    await hunter.client
      .from('messages')
      .insert({ id: randomUUID(), conversation_id: conversationId, body: 'Hello again' })
    await runSender()
    expect(await mailsTo(landlord.email)).toHaveLength(1)
    expect(await queued(landlord.id)).toHaveLength(1)
  })

  it('names a person as written, escaped in the HTML', async () => {
    const { landlord, listingId } = await landlordWithListing('Ola <b>Owner</b>', 'Flat & "garden"')
    await lastSeen(landlord, 48)
    const writer = await signedInUser('Eve <script>x</script>')
    await enquire(writer, listingId, 'Hi')
    await runSender()
    const [email] = await mailsTo(landlord.email)
    expect(email?.Subject).toBe('Eve <script>x</script> sent you a message about Flat & "garden"')
    expect(email?.HTML).toContain('Eve &#60;script&#62;x&#60;/script&#62;')
    expect(email?.HTML).not.toContain('<script>')
    expect(email?.HTML).toContain('Flat &#38; &#34;garden&#34;')
  })

  it('a landlord seen within the day is emailed only once a day has passed, and not if they come back', async () => {
    const { landlord, listingId } = await landlordWithListing('Lena Recent', 'Loft over the market')
    await lastSeen(landlord, 2)
    await enquire(hunter, listingId, 'Is it free?')
    const [waiting] = await queued(landlord.id)
    expect(waiting).toMatchObject({ sent_at: null, later: true })
    await runSender()
    expect(await mailsTo(landlord.email)).toHaveLength(0)

    // She opens the app before the email is due: when it falls due it is skipped, not sent.
    const opened = await landlord.client.rpc('note_app_open')
    expect(opened.error).toBeNull()
    await withDatabase((db) =>
      db.query('update public.message_emails set next_attempt_at = now() where recipient_id = $1', [
        landlord.id,
      ]),
    )
    await runSender()
    expect(await mailsTo(landlord.email)).toHaveLength(0)
    expect(await queued(landlord.id)).toMatchObject([{ outcome: 'skipped' }])

    // Away for a day after that, a new message is emailed, once.
    await lastSeen(landlord, 25)
    const conversationId = (await queued(landlord.id))[0]?.conversation_id
    await hunter.client
      .from('messages')
      .insert({ id: randomUUID(), conversation_id: conversationId, body: 'Still free?' })
    await runSender()
    expect(await mailsTo(landlord.email)).toHaveLength(1)
  })

  it("the landlord's replies and the hunter's side owe no email", async () => {
    const { landlord, listingId } = await landlordWithListing('Rita Replier', 'Cottage by the river')
    const away = await signedInUser('Away Hunter')
    await lastSeen(away, 72)
    await lastSeen(landlord, 1)
    const conversationId = await enquire(away, listingId, 'Hello')
    await landlord.client
      .from('messages')
      .insert({ id: randomUUID(), conversation_id: conversationId, body: 'Hi there' })
    expect(await queued(away.id)).toHaveLength(0)
  })

  it('a refused email is retried later, then sent', async () => {
    const { landlord, listingId } = await landlordWithListing('Una Undeliverable', 'Barn conversion')
    await lastSeen(landlord, 30)
    // The mail API refuses this address (as a provider refuses one it cannot deliver to).
    await withDatabase((db) =>
      db.query("update public.profiles set email = 'una@mail.invalid' where id = $1", [landlord.id]),
    )
    await enquire(hunter, listingId, 'Hello')
    const first = await runSender()
    expect(first.emailsFailed).toBeGreaterThanOrEqual(1)
    const [failed] = await queued(landlord.id)
    expect(failed).toMatchObject({ sent_at: null, outcome: null, attempts: 1, later: true })
    expect(failed?.last_error).toContain('422')

    await withDatabase(async (db) => {
      await db.query('update public.profiles set email = $2 where id = $1', [landlord.id, landlord.email])
      await db.query('update public.message_emails set next_attempt_at = now() where recipient_id = $1', [
        landlord.id,
      ])
    })
    await runSender()
    expect(await mailsTo(landlord.email)).toHaveLength(1)
    expect(await queued(landlord.id)).toMatchObject([{ outcome: 'sent', attempts: 2, last_error: null }])
  })

  it('two senders at once send each email once', async () => {
    const landlords = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => landlordWithListing(`Twin Sender Landlord ${n}`, `Twin sender flat ${n}`)),
    )
    const writer = await signedInUser('Twin Hunter')
    for (const { landlord, listingId } of landlords) {
      await lastSeen(landlord, 30)
      await enquire(writer, listingId, 'Hello')
    }
    await Promise.all([runSender(), runSender(), runSender()])
    for (const { landlord } of landlords) {
      expect(await mailsTo(landlord.email)).toHaveLength(1)
      expect(await queued(landlord.id)).toMatchObject([{ outcome: 'sent', attempts: 1 }])
    }
  })

  it('the app notes an opening at most once a minute, and only for a signed-in person', async () => {
    const person = await signedInUser('Opener')
    const first = await person.client.rpc('note_app_open')
    expect(first.error).toBeNull()
    const again = await person.client.rpc('note_app_open')
    expect(again.data).toBe(first.data)
    const own = await person.client.from('app_openings').select('user_id')
    expect(own.data).toEqual([{ user_id: person.id }])
    const others = await hunter.client.from('app_openings').select('user_id').eq('user_id', person.id)
    expect(others.data).toEqual([])
    const write = await person.client
      .from('app_openings')
      .update({ last_seen_at: '2000-01-01' })
      .eq('user_id', person.id)
    expect(write.error?.code).toBe('42501')
    const queue = await person.client.from('message_emails').select('*')
    expect(queue.error?.code).toBe('42501')
    const claim = await person.client.rpc('claim_message_emails', { batch_limit: 1 })
    expect(claim.error).not.toBeNull()
  })
})

describe('the mail API the functions send through', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${inject('mailUrl')}/resend/emails`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const email = (to: string) => ({
    from: 'Roost <no-reply@roost.local>',
    to: [to],
    subject: 'Hi',
    text: 'Hello',
  })

  it('asks for a key, checks the body, and takes an idempotency key once', async () => {
    const to = `mail-${randomUUID().slice(0, 8)}@example.com`
    expect((await post(email(to))).status).toBe(401)
    const auth = { Authorization: 'Bearer local' }
    const bad = await post({ to: [to] }, auth)
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ statusCode: 422, name: 'validation_error' })
    const key = { ...auth, 'Idempotency-Key': randomUUID() }
    const sent = (await (await post(email(to), key)).json()) as { id: string }
    const again = (await (await post(email(to), key)).json()) as { id: string }
    expect(again.id).toBe(sent.id)
    expect((await mailsTo(to)).map((m) => m.ID)).toEqual([sent.id])
  })
})
