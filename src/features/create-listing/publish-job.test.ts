import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_FACT_VALUES } from '../../components/listing-form/property-facts-schema'
import { deleteDraft, draftStore, saveDraft } from '../../device/drafts'
import { forgetDeviceData } from '../../device/forget-device-data'
import { type OutboxEntry, outboxStore, queueWrite } from '../../device/outbox'
import { drainOutbox, type SendEntry } from '../../lib/outbox/drain'
import { OutboxFailure } from '../../lib/outbox/failure'
import { aListing } from '../../testing/listing-factory'
import type { ListingFormText as DraftValues } from '../../types/listing'
import { LISTING_EDIT_KIND, listingThing } from '../../types/listing-edit'
import { LISTING_PUBLISH_KIND } from '../../types/listing-publish'
import { editFieldsOf } from '../../utils/listing-fields'
import { type PublishPorts, publishDraft } from './publish-job'

const OWNER = 'user-1'
const ID = '00000000-0000-4000-8000-00000000d001'
const values: DraftValues = {
  type: 'rent',
  name: 'Garden flat by the park',
  bedrooms: '2',
  bathrooms: '1',
  parking: false,
  furnished: true,
  address: 'York',
  description: 'Two minutes from the Minster.',
  offer: false,
  regularPrice: '950',
  discountedPrice: '',
  latitude: '',
  longitude: '',
  ...DEFAULT_FACT_VALUES,
  epcRating: 'C',
  councilTaxBand: 'B',
  deposit: '1000',
}

/**
 * Fake server: records what arrived; each port can be told to fail a given number of times. `drain()` sends the
 * device's real outbox (in IndexedDB) once, with the draft's job as the `listing.publish` handler.
 */
function fakeServer() {
  const uploads: string[] = []
  const rows = new Map<string, unknown>()
  const failures: Partial<Record<'geocode' | 'upload' | 'insert', unknown[]>> = {}
  const failNext = (port: 'geocode' | 'upload' | 'insert', ...errors: unknown[]) => {
    failures[port] = errors
  }
  const maybeFail = (port: 'geocode' | 'upload' | 'insert') => {
    const error = failures[port]?.shift()
    if (error) throw error
  }
  let clock = 1_000_000
  let refreshes = 0
  let signedIn: string | null = OWNER
  let address: { lat: number; lng: number } | null = { lat: 53.96, lng: -1.08 }
  let uploadHook: (path: string) => void = () => undefined
  const ports: PublishPorts = {
    store: draftStore(),
    geocode: async () => {
      maybeFail('geocode')
      return address
    },
    upload: async (path) => {
      uploadHook(path)
      maybeFail('upload')
      uploads.push(path)
    },
    insertListing: async (row) => {
      maybeFail('insert')
      if (!rows.has(row.id)) rows.set(row.id, row)
    },
    publicUrl: (path) => `https://files.example/${path}`,
    geocoding: true,
    now: () => clock,
  }
  const handlers = new Map<string, SendEntry>([
    [
      LISTING_PUBLISH_KIND,
      async (entry) => {
        if (entry.kind === LISTING_PUBLISH_KIND)
          await publishDraft(entry.payload.draftId, entry.userId, ports)
      },
    ],
  ])
  return {
    ports,
    handlers,
    drain: (userId = OWNER) =>
      drainOutbox(userId, {
        store: outboxStore(),
        handlers,
        refreshSession: async (force) => {
          if (force) refreshes += 1
          return signedIn
        },
        online: () => true,
        now: () => clock,
        random: () => 0.5,
      }),
    get clock() {
      return clock
    },
    uploads,
    rows,
    failNext,
    get refreshes() {
      return refreshes
    },
    advance: (ms: number) => {
      clock += ms
    },
    signInAs: (id: string | null) => {
      signedIn = id
    },
    addressFindsNothing: () => {
      address = null
    },
    onUpload: (hook: (path: string) => void) => {
      uploadHook = hook
    },
  }
}

const network = () => new OutboxFailure('Failed to fetch', { network: true })
const http = (status: number, message: string, code?: string) => new OutboxFailure(message, { status, code })

async function newDraft(photos = 3) {
  const blobs = Array.from({ length: photos }, (_, i) => ({
    name: `p${i}.jpg`,
    blob: new Blob([`photo ${i}`], { type: 'image/jpeg' }),
  }))
  expect(await saveDraft({ id: ID, ownerId: OWNER, values, photos: blobs }, 1)).toBeNull()
}

const draft = async () => {
  const found = await draftStore().get(ID)
  if (!found) throw new Error('the draft is gone')
  return found
}

/** The draft's publishing as the outbox keeps it. */
const entry = async (): Promise<OutboxEntry | undefined> =>
  (await outboxStore().pending(OWNER)).find((e) => e.kind === LISTING_PUBLISH_KIND)

const SENT = { sent: 1, refused: 0, waiting: 0 }
const WAITING = { sent: 0, refused: 0, waiting: 1 }
const REFUSED = { sent: 0, refused: 1, waiting: 0 }

beforeEach(async () => {
  await forgetDeviceData()
})

describe('a draft publishes in order: geocode, photos to fixed paths, the row by its id, then it is cleared', () => {
  it('is queued with the draft, publishes once, with image_urls from the fixed paths, and keeps only a published marker', async () => {
    const server = fakeServer()
    await newDraft(3)
    expect(await entry()).toMatchObject({
      thing: listingThing(ID),
      state: 'waiting',
      payload: { draftId: ID },
    })
    expect(await server.drain()).toEqual(SENT)
    expect(server.uploads).toEqual([`${OWNER}/${ID}/0.jpg`, `${OWNER}/${ID}/1.jpg`, `${OWNER}/${ID}/2.jpg`])
    expect(server.rows.get(ID)).toMatchObject({
      id: ID,
      name: 'Garden flat by the park',
      description: 'Two minutes from the Minster.',
      latitude: 53.96,
      longitude: -1.08,
      image_urls: [0, 1, 2].map((i) => `https://files.example/${OWNER}/${ID}/${i}.jpg`),
    })
    expect(await draft()).toMatchObject({ state: 'published', reason: null })
    expect(await draftStore().photos(ID)).toHaveLength(0)
    expect(await entry()).toBeUndefined()
    // Sending again does nothing, and the job run again on a published draft neither.
    expect(await server.drain()).toEqual({ sent: 0, refused: 0, waiting: 0 })
    expect(await publishDraft(ID, OWNER, server.ports)).toBe('skipped')
    expect(server.uploads).toHaveLength(3)
  })

  it('uses the typed coordinates when geocoding is off', async () => {
    const server = fakeServer()
    await saveDraft(
      {
        id: ID,
        ownerId: OWNER,
        values: { ...values, latitude: '51.5', longitude: '-0.1' },
        photos: [{ name: 'p0.jpg', blob: new Blob(['photo 0'], { type: 'image/jpeg' }) }],
      },
      1,
    )
    expect(await publishDraft(ID, OWNER, { ...server.ports, geocoding: false })).toBe('published')
    expect(server.rows.get(ID)).toMatchObject({ latitude: 51.5, longitude: -0.1 })
  })

  it("goes in order with the listing's later writes: an edit queued behind it waits until it is published", async () => {
    const server = fakeServer()
    const edits: string[] = []
    server.handlers.set(LISTING_EDIT_KIND, async (e) => {
      edits.push(e.thing)
    })
    await newDraft(1)
    const payload = {
      listingId: ID,
      version: 1,
      chained: false,
      changes: {},
      photos: null,
      locate: false,
      knownUrls: [],
    }
    await queueWrite({
      userId: OWNER,
      kind: LISTING_EDIT_KIND,
      thing: listingThing(ID),
      payload: { ...payload, base: editFieldsOf(aListing(1)), basePhotos: [] },
    })
    // Server trouble (the run goes on with other things): the edit is held behind the publishing.
    server.failNext('insert', http(503, 'busy'))
    expect(await server.drain()).toEqual({ sent: 0, refused: 0, waiting: 2 })
    expect(edits).toEqual([])
    server.advance(2_000)
    expect(await server.drain()).toEqual({ sent: 2, refused: 0, waiting: 0 })
    expect(edits).toEqual([listingThing(ID)])
    expect(server.rows.size).toBe(1)
  })
})

describe('failures: nothing is lost and nothing is published twice', () => {
  it('a network error leaves the draft waiting with backoff, keeping the photos already uploaded', async () => {
    const server = fakeServer()
    await newDraft(3)
    // The first upload succeeds, the second finds the device offline.
    server.failNext('upload', null, network())
    expect(await server.drain()).toEqual(WAITING)
    expect(await draft()).toMatchObject({ state: 'waiting', progress: { step: 'upload', uploaded: 1 } })
    const waiting = await entry()
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1 })
    // 2 s for the first attempt, with jitter between half and full.
    expect((waiting?.nextAttemptAt ?? 0) - server.clock).toBe(1_500)
    // Not due yet: not tried.
    expect(await server.drain()).toEqual(WAITING)
    expect(server.uploads).toHaveLength(1)
    server.advance(2_000)
    expect(await server.drain()).toEqual(SENT)
    expect(server.uploads).toEqual([`${OWNER}/${ID}/0.jpg`, `${OWNER}/${ID}/1.jpg`, `${OWNER}/${ID}/2.jpg`])
    expect(server.rows.size).toBe(1)
  })

  it('backs off exponentially on 5xx and 429, up to 5 minutes', async () => {
    const server = fakeServer()
    await newDraft(1)
    const delays: number[] = []
    for (const status of [503, 500, 429, 502, 500, 500, 500, 500, 500, 500]) {
      server.failNext('insert', http(status, 'busy'))
      expect(await server.drain()).toEqual(WAITING)
      expect((await draft()).state).toBe('waiting')
      delays.push(((await entry())?.nextAttemptAt ?? 0) - server.clock)
      server.advance(300_000)
    }
    expect(delays.slice(0, 4)).toEqual([1_500, 3_000, 6_000, 12_000])
    expect(Math.max(...delays)).toBe(225_000)
    expect(await server.drain()).toEqual(SENT)
    expect(server.rows.size).toBe(1)
  })

  it('a 401 (expired token) refreshes the session once and succeeds', async () => {
    const server = fakeServer()
    await newDraft(2)
    server.failNext('upload', http(401, 'JWT expired', 'PGRST303'))
    expect(await server.drain()).toEqual(SENT)
    expect(server.refreshes).toBe(1)
    expect(server.uploads).toHaveLength(2)
  })

  it('a 401 that survives the refresh waits instead of discarding the draft', async () => {
    const server = fakeServer()
    await newDraft(1)
    server.failNext('insert', http(401, 'JWT expired'), http(401, 'JWT expired'))
    expect(await server.drain()).toEqual(WAITING)
    expect(await draft()).toMatchObject({ state: 'waiting', progress: { step: 'insert' } })
    expect(await entry()).toMatchObject({ state: 'waiting', attempts: 1 })
  })

  it.each([
    ['23514', 400, 'new row for relation "listings" violates check constraint "listings_name_length"'],
    ['42501', 403, 'new row violates row-level security policy for table "listings"'],
  ])(
    'a refusal (%s) keeps the draft, editable, needing attention with the reason',
    async (code, status, message) => {
      const server = fakeServer()
      await newDraft(1)
      server.failNext('insert', http(status, message, code))
      expect(await server.drain()).toEqual(REFUSED)
      expect(await draft()).toMatchObject({ state: 'needs-attention', reason: message })
      expect(await entry()).toMatchObject({ state: 'refused', reason: message })
      expect(await draftStore().photos(ID)).toHaveLength(1)
      // Not retried on its own.
      server.advance(600_000)
      expect(await server.drain()).toEqual(REFUSED)
      expect(server.rows.size).toBe(0)
      // Saved again by its owner (fixed), it waits and publishes: one publishing queued, not two.
      await newDraft(1)
      expect(await outboxStore().pending(OWNER)).toHaveLength(1)
      expect(await server.drain()).toEqual(SENT)
      expect(server.rows.size).toBe(1)
    },
  )

  it("an address the geocoder does not know needs attention: 'Please enter a correct address'", async () => {
    const server = fakeServer()
    await newDraft(1)
    server.addressFindsNothing()
    expect(await server.drain()).toEqual(REFUSED)
    expect(await draft()).toMatchObject({ reason: 'Please enter a correct address' })
    expect(await entry()).toMatchObject({ state: 'refused', reason: 'Please enter a correct address' })
    expect(server.uploads).toEqual([])
  })

  it('a geocoder that cannot be reached is retried later, not a wrong address', async () => {
    const server = fakeServer()
    await newDraft(1)
    server.failNext('geocode', network())
    expect(await server.drain()).toEqual(WAITING)
    expect((await draft()).state).toBe('waiting')
  })

  it('a crash after the upload step resumes at the insert, skipping the photos already uploaded', async () => {
    const server = fakeServer()
    await newDraft(3)
    server.failNext('insert', new Error('tab closed'))
    await server.drain()
    // Simulate a crash: the draft is left publishing at the insert step, its entry still queued.
    await draftStore().update(ID, { state: 'publishing' })
    expect((await draft()).progress).toEqual({ step: 'insert', uploaded: 3, total: 3 })
    const resumed = fakeServer()
    resumed.advance(server.clock)
    expect(await resumed.drain()).toEqual(SENT)
    expect(resumed.uploads).toEqual([])
    expect(resumed.rows.size).toBe(1)
  })

  it('a crash mid-upload resumes with the photos not yet uploaded', async () => {
    const server = fakeServer()
    await newDraft(5)
    server.onUpload((path) => {
      if (path.endsWith('/2.jpg')) throw new Error('killed')
    })
    await server.drain()
    await draftStore().update(ID, { state: 'publishing' })
    const resumed = fakeServer()
    resumed.advance(server.clock)
    expect(await resumed.drain()).toEqual(SENT)
    expect(resumed.uploads.map((path) => path.split('/').pop())).toEqual(['2.jpg', '3.jpg', '4.jpg'])
  })

  it('a row already on the server (a retry after a lost answer) counts as published', async () => {
    const server = fakeServer()
    await newDraft(1)
    server.rows.set(ID, { id: ID, from: 'the lost attempt' })
    expect(await server.drain()).toEqual(SENT)
    expect(server.rows.get(ID)).toEqual({ id: ID, from: 'the lost attempt' })
  })

  it("another user's draft is never run", async () => {
    const server = fakeServer()
    await newDraft(1)
    server.signInAs('user-2')
    expect(await server.drain('user-2')).toEqual({ sent: 0, refused: 0, waiting: 0 })
    expect(await server.drain(OWNER)).toEqual({ sent: 0, refused: 0, waiting: 0 })
    expect(await publishDraft(ID, 'user-2', server.ports)).toBe('skipped')
    expect(server.uploads).toEqual([])
    expect(await draft()).toMatchObject({ state: 'waiting' })
    expect(await entry()).toMatchObject({ state: 'waiting', attempts: 0 })
  })

  it('a draft deleted while it publishes stops without inserting the row, and its publishing goes with it', async () => {
    const server = fakeServer()
    await newDraft(2)
    server.onUpload(() => {
      void deleteDraft(ID)
    })
    await server.drain()
    expect(server.rows.size).toBe(0)
    expect(await outboxStore().pending(OWNER)).toEqual([])
  })
})

describe('a draft kept incomplete is checked before anything is sent', () => {
  it("needs attention with the first missing field's message, in the form's order, and sends nothing", async () => {
    const server = fakeServer()
    const incomplete = { ...values, name: '', regularPrice: '' }
    await saveDraft({ id: ID, ownerId: OWNER, values: incomplete, photos: [] }, 1)
    expect(await server.drain()).toEqual(REFUSED)
    expect(await draft()).toMatchObject({ state: 'needs-attention', reason: 'Enter a name for the listing' })
    expect(server.uploads).toEqual([])
    expect(server.rows.size).toBe(0)
  })

  it('a draft without photos needs attention: Choose at least one image', async () => {
    const server = fakeServer()
    await saveDraft({ id: ID, ownerId: OWNER, values, photos: [] }, 1)
    expect(await server.drain()).toEqual(REFUSED)
    expect((await draft()).reason).toBe('Choose at least one image')
    expect(server.rows.size).toBe(0)
  })

  it('once completed and saved again, it publishes', async () => {
    const server = fakeServer()
    await saveDraft({ id: ID, ownerId: OWNER, values: { ...values, address: '' }, photos: [] }, 1)
    expect(await server.drain()).toEqual(REFUSED)
    await newDraft(1)
    expect(await server.drain()).toEqual(SENT)
    expect(server.rows.size).toBe(1)
  })
})
