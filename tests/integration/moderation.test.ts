import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { setModeratorRole } from '@roost/local-supabase/cli/moderator-role'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { establishReporters, signedInUserFrom } from './support/reporters'
import { validListing } from './support/rls-cases'

/**
 * Moderation through the API, per role: moderators (app_metadata.roles holds "moderator") decide the
 * queue's cases; everyone else, the service role included, is refused by Postgres. Each decision writes its
 * audit row and its notices in the same transaction; the audit cannot be changed; appeals go to another
 * moderator, once, within 30 days.
 */

let landlord: TestUser
let bystander: TestUser
let moderatorA: TestUser
let moderatorB: TestUser
let reporters: TestUser[]
/** Addresses of their own, so this file's counted reports meet no other file's. */
const ADDRESSES = ['127.0.0.81', '127.0.0.82', '127.0.0.83']

async function makeModerator(person: TestUser): Promise<void> {
  const { error } = await serviceClient().auth.admin.updateUserById(person.id, {
    app_metadata: { roles: ['moderator'] },
  })
  if (error) throw error
  // A fresh token carries the role.
  const signedIn = await person.client.auth.signInWithPassword({
    email: person.email,
    password: person.password,
  })
  if (signedIn.error) throw signedIn.error
}

beforeAll(async () => {
  ;[landlord, bystander, moderatorA, moderatorB] = await Promise.all([
    signedInUser('Moderated Landlord'),
    signedInUser('Just Browsing'),
    signedInUser('Moderator Ada'),
    signedInUser('Moderator Ben'),
  ])
  reporters = await Promise.all(ADDRESSES.map((address, n) => signedInUserFrom(address, `Reporter ${n + 1}`)))
  await establishReporters(...reporters)
  await makeModerator(moderatorA)
  await makeModerator(moderatorB)
})

afterAll(async () => {
  await serviceClient().from('listings').delete().eq('user_ref', landlord.id)
})

/** A listing of the landlord's that three counted reports have hidden; its open case's id. */
async function heldListing(name = 'Garden flat in Hackney'): Promise<{ listingId: string; caseId: number }> {
  const listingId = randomUUID()
  const { error } = await landlord.client.from('listings').insert(validListing(listingId, { name }))
  if (error) throw error
  for (const reporter of reporters) {
    const reported = await reporter.client
      .from('listing_reports')
      .insert({ listing_id: listingId, reason: 'Scam or fraud', note: 'Asks for a deposit by wire' })
    if (reported.error) throw reported.error
  }
  return { listingId, caseId: await openCase(listingId) }
}

async function openCase(listingId: string): Promise<number> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      'select id from public.moderation_cases where listing_id = $1 and closed_at is null',
      [listingId],
    )
    if (!rows[0]) throw new Error('no open case')
    return Number(rows[0].id)
  })
}

async function listed(listingId: string): Promise<boolean> {
  const { data } = await anonClient().from('listings').select('id').eq('id', listingId)
  return (data ?? []).length === 1
}

async function audit(
  listingId: string,
): Promise<{ action: string; actor_id: string | null; reason: string; note: string }[]> {
  const { data, error } = await serviceClient()
    .from('moderation_audit')
    .select('action, actor_id, reason, note')
    .eq('listing_id', listingId)
    .order('id')
  if (error) throw error
  return data
}

async function noticesOf(person: TestUser): Promise<string[]> {
  const { data, error } = await person.client.from('moderation_notices').select('body').order('id')
  if (error) throw error
  return data.map((row) => row.body as string)
}

describe('only moderators moderate', () => {
  const calls = (caseId: number) =>
    [
      ['moderation_queue', {}],
      ['moderation_keep_listed', { case_id: caseId }],
      ['moderation_take_down', { case_id: caseId, reason: 'Scam or fraud' }],
      ['moderation_ask_to_fix', { case_id: caseId, what_to_fix: 'The photos' }],
      ['moderation_audit_page', {}],
    ] as const

  it('anon, a signed-in user, the landlord and the service role get a permission error, and nothing changes', async () => {
    const { listingId, caseId } = await heldListing('Loft near the canal')
    const actors = {
      anon: anonClient(),
      'a signed-in user': bystander.client,
      'the landlord': landlord.client,
      'the service role': serviceClient(),
    }
    for (const [actor, client] of Object.entries(actors)) {
      for (const [fn, args] of calls(caseId)) {
        const { error } = await client.rpc(fn, args)
        expect(error?.code, `${actor} calling ${fn}`).toBe('42501')
      }
    }
    for (const [actor, client] of Object.entries({
      anon: anonClient(),
      'a signed-in user': bystander.client,
      'the landlord': landlord.client,
    })) {
      const { error } = await client.from('moderation_audit').select('id')
      expect(error?.code, `${actor} reading the audit`).toBe('42501')
      const health = await client.rpc('queue_health')
      expect(health.error?.code, `${actor} reading queue health`).toBe('42501')
    }
    expect(await listed(listingId)).toBe(false)
    expect(await openCase(listingId)).toBe(caseId)
  })

  it('`npm run moderator -- add|remove <email>` sets the role through the Auth admin API, and the audit records it', async () => {
    const person = await signedInUser('Soon A Moderator')
    const options = {
      apiUrl: inject('apiUrl'),
      serviceRoleKey: inject('serviceRoleKey'),
      email: person.email,
    }
    expect(await setModeratorRole({ ...options, command: 'add' })).toEqual(['moderator'])
    await person.client.auth.signInWithPassword({ email: person.email, password: person.password })
    expect((await person.client.rpc('moderation_queue', {})).error).toBeNull()
    expect(await setModeratorRole({ ...options, command: 'remove' })).toEqual([])
    expect((await person.client.rpc('moderation_queue', {})).error?.code).toBe('42501')
    const { data } = await serviceClient()
      .from('moderation_audit')
      .select('action, actor_id, subject_email')
      .eq('subject_id', person.id)
      .order('id')
    expect(data).toEqual([
      { action: 'role-granted', actor_id: null, subject_email: person.email },
      { action: 'role-removed', actor_id: null, subject_email: person.email },
    ])
  })

  it('a moderator whose role was removed is refused at once, with the token that still says moderator', async () => {
    const temporary = await signedInUser('Former Moderator')
    await makeModerator(temporary)
    expect((await temporary.client.rpc('moderation_queue', {})).error).toBeNull()
    const removed = await serviceClient().auth.admin.updateUserById(temporary.id, {
      app_metadata: { roles: [] },
    })
    expect(removed.error).toBeNull()
    expect((await temporary.client.rpc('moderation_queue', {})).error?.code).toBe('42501')
    const { data } = await serviceClient()
      .from('moderation_audit')
      .select('action, subject_id')
      .eq('subject_id', temporary.id)
      .order('id')
    expect(data).toEqual([
      { action: 'role-granted', subject_id: temporary.id },
      { action: 'role-removed', subject_id: temporary.id },
    ])
  })
})

describe('decisions', () => {
  it('the queue shows a held listing first, with its reports, the landlord and past decisions', async () => {
    const { listingId, caseId } = await heldListing('Studio above the bakery')
    const { data, error } = await moderatorA.client.rpc('moderation_queue', { page_size: 100 })
    expect(error).toBeNull()
    const row = (
      data as { case_id: number; hidden: boolean; reports: { reason: string; counts: boolean }[] }[]
    ).find((entry) => entry.case_id === caseId)
    expect(row).toMatchObject({
      hidden: true,
      listing_name: 'Studio above the bakery',
      landlord_email: landlord.email,
    })
    expect(row?.reports).toHaveLength(3)
    expect(row?.reports.every((report) => report.reason === 'Scam or fraud' && report.counts)).toBe(true)
    const hiddenFirst = (data as { hidden: boolean }[]).map((entry) => entry.hidden)
    expect(hiddenFirst).toEqual([...hiddenFirst].sort((a, b) => Number(b) - Number(a)))
    expect(listingId).toBeTruthy()
  })

  it('Keep listed closes the reports, lists the listing again, writes the audit row and tells everyone', async () => {
    const { listingId, caseId } = await heldListing('Cottage by the green')
    const { error } = await moderatorA.client.rpc('moderation_keep_listed', {
      case_id: caseId,
      note: 'Checked the photos',
    })
    expect(error).toBeNull()
    expect(await listed(listingId)).toBe(true)
    expect(await audit(listingId)).toEqual([
      { action: 'keep-listed', actor_id: moderatorA.id, reason: '', note: 'Checked the photos' },
    ])
    for (const reporter of reporters) {
      expect(await noticesOf(reporter)).toContain(
        'We reviewed your report about "Cottage by the green": it stays listed.',
      )
    }
    expect(await noticesOf(landlord)).toContain(
      'We reviewed your listing "Cottage by the green": it stays listed.',
    )
  })

  it('Take down (the Edge Function) keeps it off the market, removes its photos and audits the reason', async () => {
    const { listingId, caseId } = await heldListing('Garden flat in Hackney')
    const photo = `${landlord.id}/${listingId}/1.jpg`
    const uploaded = await landlord.client.storage
      .from('listing-images')
      .upload(photo, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }))
    expect(uploaded.error).toBeNull()

    const refused = await bystander.client.functions.invoke('moderate-listing', {
      body: { caseId, reason: 'Scam or fraud', note: '' },
    })
    expect(refused.error).not.toBeNull()
    const badReason = await moderatorA.client.functions.invoke('moderate-listing', {
      body: { caseId, reason: 'I do not like it', note: '' },
    })
    expect(badReason.error).not.toBeNull()

    const { data, error } = await moderatorA.client.functions.invoke<{ photosRemoved: number }>(
      'moderate-listing',
      {
        body: { caseId, reason: 'Scam or fraud', note: 'Deposit scam' },
      },
    )
    expect(error).toBeNull()
    expect(data?.photosRemoved).toBe(1)
    const left = await serviceClient().storage.from('listing-images').list(`${landlord.id}/${listingId}`)
    expect(left.data).toEqual([])
    expect(await listed(listingId)).toBe(false)
    // Photos left behind (a removal that failed after the decision) go when a moderator asks again.
    const again = await landlord.client.storage
      .from('listing-images')
      .upload(
        `${landlord.id}/${listingId}/2.jpg`,
        new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
      )
    expect(again.error).toBeNull()
    const notModerator = await bystander.client.functions.invoke('moderate-listing', {
      body: { caseId, photosOnly: true },
    })
    expect(notModerator.error).not.toBeNull()
    const retried = await moderatorB.client.functions.invoke<{ photosRemoved: number }>('moderate-listing', {
      body: { caseId, photosOnly: true },
    })
    expect(retried.error).toBeNull()
    expect(retried.data?.photosRemoved).toBe(1)
    expect(
      (await serviceClient().storage.from('listing-images').list(`${landlord.id}/${listingId}`)).data,
    ).toEqual([])
    // An edit does not bring a taken-down listing back.
    await landlord.client.from('listings').update({ bedrooms: 3 }).eq('id', listingId)
    expect(await listed(listingId)).toBe(false)
    expect(await audit(listingId)).toEqual([
      { action: 'take-down', actor_id: moderatorA.id, reason: 'Scam or fraud', note: 'Deposit scam' },
    ])
    for (const reporter of reporters) {
      expect(await noticesOf(reporter)).toContain(
        'We reviewed your report about "Garden flat in Hackney": it was taken down.',
      )
    }
    expect(await noticesOf(landlord)).toContain(
      'Your listing "Garden flat in Hackney" was taken down: Scam or fraud. Deposit scam',
    )
  })

  it('Ask the landlord to fix hides it until the landlord edits it', async () => {
    const { listingId, caseId } = await heldListing('Terrace house near the station')
    const empty = await moderatorA.client.rpc('moderation_ask_to_fix', { case_id: caseId, what_to_fix: ' ' })
    expect(empty.error?.message).toBe('Say what the landlord should fix')
    const { error } = await moderatorA.client.rpc('moderation_ask_to_fix', {
      case_id: caseId,
      what_to_fix: 'The price is per week, not per month',
    })
    expect(error).toBeNull()
    expect(await listed(listingId)).toBe(false)
    expect(await noticesOf(landlord)).toContain(
      'Your listing "Terrace house near the station" is hidden until you edit it. What to fix: The price is per week, not per month',
    )
    expect(await noticesOf(reporters[0] as TestUser)).toContain(
      'We reviewed your report about "Terrace house near the station": we asked the landlord to fix it.',
    )
    const edited = await landlord.client.from('listings').update({ regular_price: 4800 }).eq('id', listingId)
    expect(edited.error).toBeNull()
    expect(await listed(listingId)).toBe(true)
  })

  it('two moderators decide at once: one decides, the other is told `Already decided by another moderator`', async () => {
    const { listingId, caseId } = await heldListing('Maisonette on the square')
    const [first, second] = await Promise.all([
      moderatorA.client.rpc('moderation_keep_listed', { case_id: caseId }),
      moderatorB.client.rpc('moderation_ask_to_fix', { case_id: caseId, what_to_fix: 'The address' }),
    ])
    const errors = [first.error, second.error].filter((error) => error !== null)
    expect(errors.map((error) => error?.message)).toEqual(['Already decided by another moderator'])
    expect((await audit(listingId)).length).toBe(1)
  })
})

describe('the audit trail is append-only', () => {
  it('no one changes or deletes a row: not a moderator, not the service role, not the database owner', async () => {
    const { listingId, caseId } = await heldListing('Houseboat at the marina')
    await moderatorA.client.rpc('moderation_keep_listed', { case_id: caseId })
    const before = await audit(listingId)
    for (const client of [moderatorA.client, moderatorB.client, serviceClient()]) {
      const updated = await client
        .from('moderation_audit')
        .update({ note: 'changed' })
        .eq('listing_id', listingId)
      expect(updated.error?.code).toBe('42501')
      const deleted = await client.from('moderation_audit').delete().eq('listing_id', listingId)
      expect(deleted.error?.code).toBe('42501')
      const inserted = await client.from('moderation_audit').insert({ action: 'keep-listed' })
      expect(inserted.error?.code).toBe('42501')
    }
    await withDatabase(async (db) => {
      await expect(
        db.query("update public.moderation_audit set note = 'x' where listing_id = $1", [listingId]),
      ).rejects.toThrow('The audit trail cannot be changed')
      await expect(
        db.query('delete from public.moderation_audit where listing_id = $1', [listingId]),
      ).rejects.toThrow('The audit trail cannot be changed')
    })
    expect(await audit(listingId)).toEqual(before)
    const page = await moderatorB.client.rpc('moderation_audit_page', { page_size: 200 })
    expect(page.error).toBeNull()
    expect((page.data as { listing_id: string }[]).some((row) => row.listing_id === listingId)).toBe(true)
  })
})

describe('appeals', () => {
  async function takenDown(name: string): Promise<{ listingId: string; decisionId: number }> {
    const { listingId, caseId } = await heldListing(name)
    const { data, error } = await moderatorA.client.rpc('moderation_take_down', {
      case_id: caseId,
      reason: 'Misleading details',
      note: '',
    })
    if (error) throw error
    return { listingId, decisionId: (data as { decision_id: number }).decision_id }
  }

  it('the landlord asks once; the moderator who decided cannot decide it; another one can, and that is final', async () => {
    const { listingId, decisionId } = await takenDown('Bungalow with a garden')
    const byOther = await bystander.client.rpc('moderation_appeal', { decision_id: decisionId, note: 'x' })
    expect(byOther.error?.code).toBe('42501')

    const mine = await landlord.client.rpc('my_moderation_decisions')
    expect(
      (mine.data as { decision_id: number; can_ask_for_review: boolean }[]).find(
        (d) => d.decision_id === decisionId,
      ),
    ).toMatchObject({ can_ask_for_review: true, decision: 'take-down', reason: 'Misleading details' })

    const asked = await landlord.client.rpc('moderation_appeal', {
      decision_id: decisionId,
      note: 'The details are right',
    })
    expect(asked.error).toBeNull()
    const again = await landlord.client.rpc('moderation_appeal', { decision_id: decisionId, note: 'Please' })
    expect(again.error?.message).toBe('You already asked for a review of this decision')

    const caseId = await openCase(listingId)
    const queue = await moderatorA.client.rpc('moderation_queue', { page_size: 100 })
    const row = (
      queue.data as { case_id: number; appeal: { can_decide: boolean; appeal_note: string } | null }[]
    ).find((entry) => entry.case_id === caseId)
    expect(row?.appeal).toMatchObject({ can_decide: false, appeal_note: 'The details are right' })

    const sameModerator = await moderatorA.client.rpc('moderation_keep_listed', { case_id: caseId })
    expect(sameModerator.error?.message).toBe('Another moderator decides the appeal of your own decision')
    const other = await moderatorB.client.rpc('moderation_keep_listed', {
      case_id: caseId,
      note: 'Details check out',
    })
    expect(other.error).toBeNull()
    expect(await listed(listingId)).toBe(true)
    expect((await audit(listingId)).map((row) => [row.action, row.actor_id])).toEqual([
      ['take-down', moderatorA.id],
      ['appeal', landlord.id],
      ['keep-listed', moderatorB.id],
    ])

    const final = (await landlord.client.rpc('my_moderation_decisions')).data as {
      decision_id: number
      on_appeal: boolean
    }[]
    const onAppeal = final.find((d) => d.on_appeal)
    if (!onAppeal) throw new Error('no decision on appeal')
    const appealOfAppeal = await landlord.client.rpc('moderation_appeal', {
      decision_id: onAppeal.decision_id,
      note: '',
    })
    expect(appealOfAppeal.error?.message).toBe('This decision was made on a review and is final')
    expect(await noticesOf(landlord)).toContain(
      'We reviewed your listing "Bungalow with a garden": it stays listed.',
    )
  })

  it('a review is refused 30 days after the decision', async () => {
    const { decisionId } = await takenDown('Flat over the shops')
    await withDatabase((db) =>
      db.query(
        "update public.moderation_decisions set decided_at = now() - interval '31 days' where id = $1",
        [decisionId],
      ),
    )
    const late = await landlord.client.rpc('moderation_appeal', { decision_id: decisionId, note: '' })
    expect(late.error?.message).toBe('A review can be asked for within 30 days of a decision')
  })
})

describe('queue health', () => {
  it('counts waiting items, the oldest age, failures and their errors, schedule runs, and flags red', async () => {
    const listingId = randomUUID()
    const planted = await landlord.client
      .from('listings')
      .insert(validListing(listingId, { name: 'Healthy flat' }))
    expect(planted.error).toBeNull()
    await withDatabase(async (db) => {
      await db.query('delete from public.message_pushes')
      await db.query('delete from public.saved_home_pushes')
      await db.query('delete from public.function_runs')
      // Two saved-home pushes waiting, the oldest 15 minutes; one given up an hour ago; one failed 2 days ago.
      await db.query(
        `insert into public.saved_home_pushes (listing_id, user_id, change, status, price, created_at, attempts, last_error, next_attempt_at, gave_up_at)
         values
           ($1, $2, 'reduced', 'available', 1000, now() - interval '15 minutes', 0, null, now(), null),
           ($1, $2, 'reduced', 'available', 1000, now() - interval '1 minute', 1, 'the push service answered 500', now() + interval '1 minute', null),
           ($1, $2, 'reduced', 'available', 1000, now() - interval '3 hours', 8, 'the push service answered 410', now(), now() - interval '1 hour'),
           ($1, $2, 'reduced', 'available', 1000, now() - interval '3 days', 8, 'too old to count', now(), now() - interval '2 days')`,
        [listingId, bystander.id],
      )
      await db.query(
        `select public.record_function_run('send-alerts-instant', now() - interval '10 seconds', 'ok', '{}'),
                public.record_function_run('send-emails', now() - interval '11 seconds', 'failed', 'EMAIL_API_KEY is not set')`,
      )
      await db.query(
        `update public.function_runs set finished_at = now() - interval '5 minutes' where schedule = 'send-emails'`,
      )
    })
    const { data, error } = await serviceClient().rpc('queue_health')
    expect(error).toBeNull()
    type Health = {
      healthy: boolean
      queues: {
        queue: string
        waiting: number
        oldest_seconds: number | null
        failed_24h: number
        gave_up_24h: number
        errors: unknown[]
        red: boolean
      }[]
      schedules: { schedule: string; last_outcome: string | null; last_detail: string | null; red: boolean }[]
    }
    const health = data as Health
    expect(health.queues.map((queue) => queue.queue)).toEqual([
      'alert_deliveries',
      'message_pushes',
      'saved_home_pushes',
      'message_emails',
    ])
    const savedHomes = health.queues.find((queue) => queue.queue === 'saved_home_pushes')
    expect(savedHomes).toMatchObject({ waiting: 2, failed_24h: 2, gave_up_24h: 1, red: true })
    expect(savedHomes?.oldest_seconds).toBeGreaterThanOrEqual(15 * 60)
    expect(savedHomes?.errors).toEqual([
      { error: 'the push service answered 410', items: 1, gave_up: 1 },
      { error: 'the push service answered 500', items: 1, gave_up: 0 },
    ])
    expect(health.queues.find((queue) => queue.queue === 'message_pushes')).toMatchObject({
      waiting: 0,
      oldest_seconds: null,
      red: false,
    })
    expect(health.schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ schedule: 'send-alerts-instant', last_outcome: 'ok', red: false }),
        expect.objectContaining({ schedule: 'send-alerts-daily', last_outcome: null, red: true }),
        expect.objectContaining({
          schedule: 'send-emails',
          last_outcome: 'failed',
          last_detail: 'EMAIL_API_KEY is not set',
          red: true,
        }),
      ]),
    )
    expect(health.healthy).toBe(false)
    // A moderator reads the same figures.
    expect((await moderatorA.client.rpc('queue_health')).error).toBeNull()
    await withDatabase((db) =>
      db.query('delete from public.saved_home_pushes where listing_id = $1', [listingId]),
    )
  })

  it('every schedule in supabase/functions/schedules.json is watched, at its period', async () => {
    const file = JSON.parse(readFileSync('supabase/functions/schedules.json', 'utf8')) as {
      schedules: { name: string; cron: string }[]
    }
    const watched = await withDatabase(async (db) => {
      const { rows } = await db.query<{ schedule: string; period_seconds: number }>(
        'select schedule, period_seconds from public.function_schedules order by schedule',
      )
      return rows
    })
    // Every schedule runs each minute today; a new cron needs its period written beside it.
    expect(file.schedules.every((schedule) => schedule.cron === '* * * * *')).toBe(true)
    expect(watched).toEqual(
      file.schedules
        .map((schedule) => ({ schedule: schedule.name, period_seconds: 60 }))
        .sort((a, b) => a.schedule.localeCompare(b.schedule)),
    )
  })

  it('a scheduled run records itself', async () => {
    const { error } = await serviceClient().functions.invoke('send-emails', { body: {} })
    expect(error).toBeNull()
    const runs = await serviceClient()
      .from('function_runs')
      .select('schedule, outcome')
      .eq('schedule', 'send-emails')
    expect(runs.data).toContainEqual({ schedule: 'send-emails', outcome: 'ok' })
  })
})

describe('the queue at scale', () => {
  /**
   * 100,000 open reports (4 on each of 25,000 listings of 125 landlords, one in five held) planted in a transaction that is
   * rolled back, with triggers off; then pages of the queue read as a moderator through the same function the
   * console calls. The page is a keyset read on moderation_cases_queue, with no sort.
   */
  it('a page of the queue at 100,000 open reports is a keyset read on its index, page after page', async () => {
    const { plan, pages } = await withDatabase(async (db) => {
      await db.query('begin')
      try {
        await db.query("set local session_replication_role = 'replica'")
        await db.query(
          `insert into public.listings (id, type, name, bedrooms, bathrooms, parking, furnished, location, offer,
             regular_price, image_urls, latitude, longitude, user_ref)
           select gen_random_uuid(), 'rent', 'Scale flat ' || n, 2, 1, false, false, 'Mill Road, Cambridge', false,
             1200, array['https://images.example.com/listings/x/y/1.jpg'], 52.2, 0.14,
             -- A landlord has at most 200 listings: 125 landlords of 200.
             ('00000000-0000-4000-8000-' || lpad((n % 125)::text, 12, '0'))::uuid
           from generate_series(1, 25000) as n`,
        )
        await db.query(
          `insert into public.listing_reports (listing_id, reporter_id, reason, created_at)
           select l.id, gen_random_uuid(), 'Scam or fraud', now() - (random() * interval '30 days')
           from public.listings as l cross join generate_series(1, 4)
           where l.name like 'Scale flat %'`,
        )
        await db.query(
          `insert into public.moderation_cases (listing_id, priority, opened_at)
           select r.listing_id, case when random() < 0.2 then 0 else 1 end, min(r.created_at)
           from public.listing_reports as r join public.listings as l on l.id = r.listing_id
           where l.name like 'Scale flat %'
           group by r.listing_id`,
        )
        await db.query("set local session_replication_role = 'origin'")
        await db.query('analyze public.moderation_cases, public.listing_reports, public.listings')
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(
          `explain select c.id from public.moderation_cases as c
           where c.closed_at is null and (c.priority, c.opened_at, c.id) > (0::smallint, now() - interval '1 day', 0::bigint)
           order by c.priority, c.opened_at, c.id limit 20`,
        )
        await db.query('set local role authenticated')
        await db.query("select set_config('request.jwt.claims', $1, true)", [
          JSON.stringify({
            sub: moderatorA.id,
            role: 'authenticated',
            app_metadata: { roles: ['moderator'] },
          }),
        ])
        // The connection's first call plans the function's queries; the console's connections are warm.
        await db.query('select * from public.moderation_queue(null, null, null, 20)')
        // Forty pages as Load More reads them, each after the last case of the one before. How fast they are is
        // measured by `npm run bench` (tests/bench/moderation.ts), not asserted here. The time goes back as the
        // text Postgres gave (as supabase-js passes it): a JavaScript Date would drop its microseconds.
        type Row = { case_id: string; priority: number; opened_at: string; opened_us: string }
        const pages: Row[][] = []
        let after: Row | undefined
        for (let page = 0; page < 40; page++) {
          const answer = await db.query<Row>(
            `select case_id, priority, opened_at::text as opened_at,
               (extract(epoch from opened_at) * 1000000)::bigint as opened_us
             from public.moderation_queue($1, $2::timestamptz, $3, 20)`,
            [after?.priority ?? null, after?.opened_at ?? null, after?.case_id ?? null],
          )
          pages.push(answer.rows)
          after = answer.rows.at(-1)
        }
        return { plan: rows.map((row) => row['QUERY PLAN']).join('\n'), pages }
      } finally {
        await db.query('rollback')
      }
    })
    expect(plan).toContain('moderation_cases_queue')
    expect(plan).not.toMatch(/\bSort\b/)
    // Every page full, and the queue's order strictly kept from one page to the next: no case twice, none skipped.
    const cases = pages.flat()
    for (const page of pages) expect(page).toHaveLength(20)
    expect(new Set(cases.map((c) => c.case_id)).size).toBe(cases.length)
    const keys = cases.map((c) => [c.priority, BigInt(c.opened_us), BigInt(c.case_id)] as const)
    for (const [i, b] of keys.entries()) {
      const a = keys[i - 1]
      if (!a) continue
      const ordered = a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))
      expect(ordered, `case ${b[2]} after ${a[2]}`).toBe(true)
    }
  }, 180_000)
})
