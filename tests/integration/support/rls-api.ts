import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import type { SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { anonClient, serviceClient, signedInUser } from './clients'
import { type Actor, type Outcome, type RlsCase, type RlsFixture, validListing } from './rls-cases'

/**
 * The RLS matrix driven through the HTTP APIs with supabase-js: tables through /rest/v1, the bucket
 * through /storage/v1, landlord_contact as an rpc, each actor with its own key or session.
 */

type Row = Record<string, unknown>
type Table = 'profiles' | 'listings' | 'saved_listings'

const BUCKET = 'listing-images'
const PRIMARY_KEY: Record<Table, string[]> = {
  profiles: ['id'],
  listings: ['id'],
  saved_listings: ['user_id', 'listing_id'],
}
const RLS_MESSAGE = 'new row violates row-level security policy'

export type ApiWorld = {
  fixture: RlsFixture
  clients: Record<Actor, SupabaseClient>
  /** The bytes stored at `imagePath`. */
  original: Uint8Array<ArrayBuffer>
  /** The bytes an upload or replacement sends. */
  replacement: Uint8Array<ArrayBuffer>
}

/** A small real JPEG; the shade makes two of them differ byte for byte. */
export async function smallJpeg(shade: number): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp({
    create: { width: 16, height: 12, channels: 3, background: { r: shade, g: 140, b: 90 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer()
  return new Uint8Array(jpeg)
}

const jpegBlob = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes], { type: 'image/jpeg' })

function orThrow<T extends { error: unknown }>(what: string, result: T): T {
  if (result.error) throw new Error(`${what}: ${JSON.stringify(result.error)}`)
  return result
}

/**
 * The world of RlsFixture, built through the APIs with fresh ids: two real users signed up through
 * /auth/v1, and, written with the service role, the owner's two listings, their save of the first and
 * the first listing's photo.
 */
export async function createApiWorld(): Promise<ApiWorld> {
  const [owner, other] = await Promise.all([signedInUser('Olivia Owner'), signedInUser('Oscar Other')])
  const listingId = randomUUID()
  const spareListingId = randomUUID()
  const fixture: RlsFixture = {
    owner: { id: owner.id, email: owner.email, name: owner.name },
    other: { id: other.id, email: other.email, name: other.name },
    listingId,
    spareListingId,
    newListingId: randomUUID(),
    imagePath: `${owner.id}/${listingId}/1.jpg`,
    newImagePath: `${owner.id}/${listingId}/2.jpg`,
  }
  const service = serviceClient()
  const images = service.storage.from(BUCKET)
  const listings = [listingId, spareListingId].map((id) =>
    validListing(id, {
      type: 'sale',
      name: 'Cottage by the green',
      regular_price: 250000,
      user_ref: owner.id,
      image_urls: [images.getPublicUrl(`${owner.id}/${id}/1.jpg`).data.publicUrl],
    }),
  )
  orThrow('fixture listings', await service.from('listings').insert(listings))
  orThrow(
    'fixture save',
    await service.from('saved_listings').insert({ user_id: owner.id, listing_id: listingId }),
  )
  const [original, replacement] = await Promise.all([smallJpeg(40), smallJpeg(220)])
  orThrow(
    'fixture image',
    await images.upload(fixture.imagePath, jpegBlob(original), { contentType: 'image/jpeg' }),
  )
  return {
    fixture,
    clients: { anon: anonClient(), owner: owner.client, other: other.client, service },
    original,
    replacement,
  }
}

/**
 * The outcome the API must give for a case. It is the table's, except for a bucket update: Storage
 * writes one as an upsert, whose insert check refuses (403) what SQL's UPDATE would merely not find.
 */
export function apiOutcome(c: RlsCase): Outcome {
  if (c.target.kind === 'bucket' && c.command === 'update' && c.expect === 'filtered') return 'rejected'
  return c.expect
}

/** What a case did to the row or object it addresses, seen with the service role. */
export type Effect = 'read only' | 'created' | 'changed' | 'removed' | 'unchanged'

/** The effect a case must have: an allowed write does its job, any other leaves everything as it was. */
export function expectedEffect(c: RlsCase): Effect {
  if (c.command === 'select' || c.command === 'execute') return 'read only'
  if (apiOutcome(c) !== 'allowed') return 'unchanged'
  return c.command === 'insert' ? 'created' : c.command === 'update' ? 'changed' : 'removed'
}

export type ApiRun = { outcome: Outcome; effect: Effect }

/** Runs one case as its actor through the API; throws on any answer that is not one of the outcomes. */
export async function runApiCase(c: RlsCase, world: ApiWorld): Promise<ApiRun> {
  const readOnly = c.command === 'select' || c.command === 'execute'
  const before = readOnly ? undefined : await snapshot(c, world)
  const outcome = await perform(c, world)
  if (readOnly) return { outcome, effect: 'read only' }
  return { outcome, effect: effectOf(before, await snapshot(c, world)) }
}

/** Reads, with the service role, the row a case's `stored` expectation names. */
export async function readStoredOverApi(c: RlsCase, world: ApiWorld): Promise<Row | undefined> {
  if (!c.stored || c.target.kind !== 'table') return undefined
  const { data } = orThrow(
    'read back',
    await world.clients.service.from(c.target.table).select('*').match(c.stored.where(world.fixture)),
  )
  return data?.[0]
}

function perform(c: RlsCase, world: ApiWorld): Promise<Outcome> {
  switch (c.target.kind) {
    case 'table':
      return tableCommand(c, c.target.table, world)
    case 'bucket':
      return bucketCommand(c, world)
    case 'rpc':
      return rpcCommand(c, c.target.fn, world)
  }
}

type RestResult = {
  data: Row[] | null
  error: { code: string; message: string } | null
  status: number
}

async function tableCommand(c: RlsCase, table: Table, world: ApiWorld): Promise<Outcome> {
  const client = world.clients[c.actor]
  const match = c.match?.(world.fixture) ?? {}
  const values = c.values?.(world.fixture) ?? {}
  const query = client.from(table)
  let result: RestResult
  if (c.command === 'select') result = await query.select('*').match(match)
  else if (c.command === 'insert') result = await query.insert(values)
  else if (c.command === 'update') result = await query.update(values).match(match).select()
  else if (c.command === 'delete') result = await query.delete().match(match).select()
  else throw new Error(`a table has no ${c.command}`)
  if (result.error) return refusal(c.actor, result)
  if (c.command === 'insert') {
    if (result.status !== 201) throw new Error(`insert answered ${result.status}`)
    return 'allowed'
  }
  const rows = result.data ?? []
  const stray = rows.find((row) => !Object.entries(match).every(([column, value]) => row[column] === value))
  if (stray) throw new Error(`answered a row it was not asked for: ${JSON.stringify(stray)}`)
  return rows.length > 0 ? 'allowed' : 'filtered'
}

async function rpcCommand(c: RlsCase, fn: string, world: ApiWorld): Promise<Outcome> {
  const args = c.values?.(world.fixture) ?? {}
  const result = await world.clients[c.actor].rpc(fn, args)
  if (result.error) return refusal(c.actor, result)
  const rows = (result.data ?? []) as Row[]
  if (rows.length === 0) return 'filtered'
  const person = [world.fixture.owner, world.fixture.other].find((p) => p.id === args.landlord_id)
  if (!person || !isDeepStrictEqual(rows, [{ name: person.name, email: person.email }]))
    throw new Error(`landlord_contact answered ${JSON.stringify(rows)}`)
  return 'allowed'
}

/** PostgREST refuses with 42501: 401 when nobody is signed in, 403 for everyone else. */
function refusal(actor: Actor, result: Pick<RestResult, 'error' | 'status'>): Outcome {
  const status = actor === 'anon' ? 401 : 403
  if (result.error?.code !== '42501' || result.status !== status)
    throw new Error(`expected 42501 with ${status}, got ${result.status} ${JSON.stringify(result.error)}`)
  return 'rejected'
}

type StorageFailure = { message: string; statusCode?: unknown }

/** Storage answers RLS refusals as statusCode "403" with Postgres's message, and hidden objects as "404". */
function storageOutcome(error: StorageFailure | null): Outcome {
  if (!error) return 'allowed'
  if (error.statusCode === '403' && error.message === RLS_MESSAGE) return 'rejected'
  if (error.statusCode === '404') return 'filtered'
  throw new Error(`unexpected Storage error: ${JSON.stringify(error)} ${error.message}`)
}

async function bucketCommand(c: RlsCase, world: ApiWorld): Promise<Outcome> {
  const bucket = world.clients[c.actor].storage.from(BUCKET)
  const path = objectPath(c, world.fixture)
  const values = c.values?.(world.fixture) ?? {}
  const sent = jpegBlob(world.replacement)
  switch (c.command) {
    case 'select': {
      const download = await bucket.download(path)
      const info = await bucket.info(path)
      const outcome = storageOutcome(download.error ?? info.error)
      if (outcome !== 'allowed') return outcome
      const bytes = new Uint8Array(await (download.data as Blob).arrayBuffer())
      if (!isDeepStrictEqual(bytes, world.original) || info.data?.name !== path)
        throw new Error(`read something other than ${path}`)
      return outcome
    }
    case 'insert':
      return storageOutcome((await bucket.upload(path, sent, { contentType: 'image/jpeg' })).error)
    case 'update': {
      const metadata = values.metadata as Row | undefined
      return storageOutcome((await bucket.update(path, sent, { contentType: 'image/jpeg', metadata })).error)
    }
    case 'delete': {
      const { data, error } = await bucket.remove([path])
      if (error) return storageOutcome(error)
      return data.length > 0 ? 'allowed' : 'filtered'
    }
    default:
      throw new Error(`a bucket has no ${c.command}`)
  }
}

function objectPath(c: RlsCase, f: RlsFixture): string {
  const path = (c.command === 'insert' ? c.values : c.match)?.(f).name
  if (typeof path !== 'string') throw new Error(`${c.rule}: no object named`)
  return path
}

/** The addressed row(s) or object as the service role sees them; undefined when there is none. */
async function snapshot(c: RlsCase, world: ApiWorld): Promise<unknown> {
  const service = world.clients.service
  const f = world.fixture
  if (c.target.kind === 'table') {
    const table = c.target.table
    const values = c.values?.(f) ?? {}
    const address =
      c.command === 'insert'
        ? Object.fromEntries(PRIMARY_KEY[table].map((column) => [column, values[column]]))
        : (c.match?.(f) ?? {})
    const { data } = orThrow('snapshot', await service.from(table).select('*').match(address))
    return data && data.length > 0 ? data : undefined
  }
  if (c.target.kind === 'bucket') {
    const images = service.storage.from(BUCKET)
    const path = objectPath(c, f)
    const download = await images.download(path)
    if (download.error) {
      if (storageOutcome(download.error) === 'filtered') return undefined
      throw download.error
    }
    const { data: info } = orThrow('object info', await images.info(path))
    return { bytes: new Uint8Array(await download.data.arrayBuffer()), metadata: info?.metadata }
  }
  return undefined
}

function effectOf(before: unknown, after: unknown): Effect {
  if (before === undefined) return after === undefined ? 'unchanged' : 'created'
  if (after === undefined) return 'removed'
  return isDeepStrictEqual(before, after) ? 'unchanged' : 'changed'
}
