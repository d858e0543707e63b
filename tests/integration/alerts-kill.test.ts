import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import { loadConfig, PROJECT_DIR } from '@roost/local-supabase/config'
import { type RunningStack, startStack } from '@roost/local-supabase/stack'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import {
  PUSH_SERVICE_FUNCTION_ENV,
  type PushService,
  startPushService,
  type TestSubscription,
} from './support/push-service'
import { validListing } from './support/rls-cases'

/**
 * The alert queue under a kill, as fault-injection.test.ts does for inserts: the send-alerts function's
 * Deno process is killed with SIGKILL in the middle of a run, the next run finishes the job, and the
 * stand-in push service shows what each browser received.
 *
 * What "exactly once" means here: every delivery is marked sent exactly once and no alert is lost. A
 * push that had reached the push service when the process died, but whose batch was not yet committed,
 * goes out again after the restart: nobody can know whether a request the push service took was taken
 * without its answer. It goes out identical, with the same Topic (a push service keeps only the latest
 * undelivered message of a topic) and the same notification tag (the browser replaces the notification),
 * so each person sees it once. At most the one batch in flight at the kill is repeated.
 */

const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)
const PEOPLE = 30

let stack: RunningStack
let push: PushService
let landlord: TestUser
const listingIds: string[] = []

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(`${os.tmpdir()}/roost-alerts-kill-`)
  const config = loadConfig(
    {
      ...process.env,
      LOCAL_DATA_DIR: dataDir,
      LOCAL_SEED: 'off',
      LOCAL_SUPABASE_DIR: `${PROJECT_DIR}/supabase`,
      LOCAL_FUNCTIONS_SCHEDULER: 'off',
      DATABASE_URL: inject('databaseUrl'),
    },
    {
      apiPort: 25361 + offset,
      mailPort: 25364 + offset,
      appPort: 25363 + offset,
      functionEnv: PUSH_SERVICE_FUNCTION_ENV,
    },
  )
  ;[stack, push, landlord] = await Promise.all([
    startStack(config),
    startPushService(),
    signedInUser('Kill Landlord'),
  ])
})

afterAll(async () => {
  await serviceClient().from('listings').delete().in('id', listingIds)
  await stack?.stop()
  await push?.close()
})

const sendAlerts = () =>
  fetch(`${stack.config.apiUrl}/functions/v1/send-alerts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.config.serviceRoleKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'instant' }),
  })

describe('send-alerts killed mid-batch', () => {
  it('loses nothing, marks each delivery sent once, and repeats at most the push in flight', async () => {
    const word = `Kl${randomUUID().slice(0, 6)}`
    const people: { person: TestUser; searchId: string; browser: TestSubscription }[] = []
    for (let i = 0; i < PEOPLE; i++) {
      const person = await signedInUser(`Killed Seeker ${i}`)
      const saved = await person.client
        .from('saved_searches')
        .insert({ name: 'Kill', params: { keywords: word }, alerts: 'instant' })
        .select('id')
        .single()
      expect(saved.error).toBeNull()
      const browser = push.createSubscription()
      const { error } = await person.client
        .from('push_subscriptions')
        .insert({ endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth })
      expect(error).toBeNull()
      people.push({ person, searchId: String(saved.data?.id), browser })
    }
    const listingId = randomUUID()
    listingIds.push(listingId)
    const published = await landlord.client
      .from('listings')
      .insert(validListing(listingId, { location: `1 ${word} Road`, name: 'The one new home' }))
    expect(published.error).toBeNull()
    const ours = new Set(people.map((p) => p.browser.endpoint))
    const received = () => push.messages().filter((message) => ours.has(message.endpoint))

    // Start a run, and kill its process as soon as a third of the pushes have reached the push service:
    // right after a push was taken, before its batch could be marked, the worst moment.
    const firstRun = sendAlerts().then(
      (response) => response.status,
      () => 'killed',
    )
    const deadline = Date.now() + 60_000
    while (received().length < PEOPLE / 3) {
      if (Date.now() > deadline) throw new Error(`only ${received().length} pushes arrived`)
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    const [pid] = stack.functions.pids()
    expect(pid).toBeDefined()
    process.kill(pid as number, 'SIGKILL')
    const atKill = received().length
    expect(atKill).toBeLessThan(PEOPLE)
    expect(await firstRun).not.toBe(200)

    // The killed process's transaction is rolled back when its connection drops; the next run (a new
    // Deno process) sends the rest.
    const second = await sendAlerts()
    expect(second.status).toBe(200)

    const perBrowser = people.map((p) =>
      received().filter((message) => message.endpoint === p.browser.endpoint),
    )
    // Nothing lost: every browser got its alert.
    expect(perBrowser.map((messages) => messages.length > 0)).toEqual(people.map(() => true))
    // Repeated: only the batch in flight at the kill, identical, with the same Topic.
    const repeated = perBrowser.filter((messages) => messages.length > 1)
    expect(repeated.length).toBeLessThanOrEqual(1)
    for (const messages of repeated) {
      expect(messages).toHaveLength(2)
      expect(messages[1]?.json).toEqual(messages[0]?.json)
      expect(messages[1]?.topic).toBe(messages[0]?.topic)
    }
    for (const [index, p] of people.entries()) {
      expect(perBrowser[index]?.[0]?.json).toMatchObject({
        title: `1 new home · ${word}`,
        body: 'The one new home',
        tag: `saved-search-${p.searchId}`,
      })
    }
    // Every delivery marked sent, once.
    const rows = await withDatabase(async (db) => {
      const { rows } = await db.query<{ sent: boolean; attempts: number }>(
        `select sent_at is not null as sent, attempts from public.alert_deliveries where saved_search_id = any($1::uuid[])`,
        [people.map((p) => p.searchId)],
      )
      return rows
    })
    expect(rows).toHaveLength(PEOPLE)
    expect(rows.every((row) => row.sent && row.attempts === 1)).toBe(true)
  }, 180_000)
})
