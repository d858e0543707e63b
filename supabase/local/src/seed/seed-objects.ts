import fs from 'node:fs/promises'
import path from 'node:path'
import { REPO_ROOT } from '../config'
import { signJwt } from '../core/jwt'
import type { StackDeps } from '../http/deps'
import { renderListingImage } from './listing-image'

const BUCKET = 'listing-images'
const PUBLIC_PATH = `/storage/v1/object/public/${BUCKET}/`
/** The seed's listings have ids 5eed0000-…; only their images are generated here. */
const SEED_LISTING_IDS = '5eed0000-%'
/** Public URLs of this bucket on a local API, whatever its port (seed.sql names the default one). */
const LOCAL_PUBLIC_URL =
  '^https?://(127\\.0\\.0\\.1|localhost)(:[0-9]+)?/storage/v1/object/public/listing-images/'
const UPLOADS_AT_ONCE = 4

export type SeedObject = { owner: string; path: string; listingId: string; index: number }

/** The object a seed listing's image URL names, if it is `<owner>/<listing id>/<n>.jpg` in the bucket. */
export function seedObjectOf(url: string, owner: string, listingId: string): SeedObject | undefined {
  const at = url.indexOf(PUBLIC_PATH)
  if (at < 0) return undefined
  const objectPath = url.slice(at + PUBLIC_PATH.length)
  const match = /^([0-9a-f-]{36})\/([0-9a-f-]{36})\/([1-6])\.jpg$/.exec(objectPath)
  if (!match || match[1] !== owner || match[2] !== listingId) return undefined
  return { owner, path: objectPath, listingId, index: Number(match[3]) }
}

/** Points local image URLs at this stack's API when it listens elsewhere than the seed assumed. */
async function rewriteImageUrls(deps: StackDeps): Promise<void> {
  const base = `${deps.config.apiUrl}${PUBLIC_PATH}`
  await deps.db.admin.query(
    `update public.listings
        set image_urls = array(
          select regexp_replace(url, $1, $2) from unnest(image_urls) with ordinality as u (url, n) order by n
        )
      where exists (
        select 1 from unnest(image_urls) as url where url ~ $1 and not starts_with(url, $2)
      )`,
    [LOCAL_PUBLIC_URL, base],
  )
}

/** The seed listings' images that storage does not hold yet. */
async function missingSeedObjects(deps: StackDeps): Promise<SeedObject[]> {
  const { rows } = await deps.db.admin.query<{ id: string; user_ref: string; image_urls: string[] }>(
    'select id, user_ref, image_urls from public.listings where id::text like $1 order by id',
    [SEED_LISTING_IDS],
  )
  const wanted = rows.flatMap((row) =>
    row.image_urls.flatMap((url) => seedObjectOf(url, row.user_ref, row.id) ?? []),
  )
  const stored = await deps.db.admin.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name = any($2)',
    [BUCKET, wanted.map((object) => object.path)],
  )
  const present = new Set(stored.rows.map((row) => row.name))
  return wanted.filter((object) => !present.has(object.path))
}

/**
 * Rendered seed images are the same on every run, so they are cached across data folders (a fresh
 * test database then pays only for the uploads). Bump the version when the drawing changes.
 */
const IMAGE_CACHE = path.join(REPO_ROOT, 'node_modules', '.cache', 'roost', 'seed-images-v1')

/** The JPEG for a seed object, generated once into the cache. */
async function imageFor(object: SeedObject): Promise<Buffer> {
  const file = path.join(IMAGE_CACHE, object.path)
  try {
    return await fs.readFile(file)
  } catch {
    const image = await renderListingImage(object.listingId, object.index)
    // The cache only saves time: a read-only node_modules must not stop the seed.
    await fs
      .mkdir(path.dirname(file), { recursive: true })
      .then(() => fs.writeFile(file, image))
      .catch(() => {})
    return image
  }
}

/** Uploads one object through the Storage API as its owner, replacing any earlier copy. */
async function upload(deps: StackDeps, object: SeedObject, token: string): Promise<void> {
  const image = await imageFor(object)
  const res = await fetch(`${deps.config.apiUrl}/storage/v1/object/${BUCKET}/${object.path}`, {
    method: 'POST',
    headers: {
      apikey: deps.config.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'image/jpeg',
      'cache-control': 'max-age=3600',
      'x-upsert': 'true',
    },
    body: new Uint8Array(image),
  })
  if (!res.ok) throw new Error(`${object.path}: HTTP ${res.status} ${await res.text()}`)
}

/**
 * Stores the seed listings' images through the running API's Storage endpoint, as their owners would.
 * Idempotent: runs on every start, uploads only what storage lacks. Call it once the API listens.
 */
export async function loadSeedObjects(deps: StackDeps): Promise<{ uploaded: number }> {
  await rewriteImageUrls(deps)
  const queue = await missingSeedObjects(deps)
  const tokens = new Map<string, Promise<string>>()
  const tokenFor = (owner: string) => {
    const exp = Math.floor(Date.now() / 1000) + 600
    const token =
      tokens.get(owner) ??
      signJwt({ sub: owner, role: 'authenticated', aud: 'authenticated', exp }, deps.config.jwtSecret)
    tokens.set(owner, token)
    return token
  }
  const failures: string[] = []
  let uploaded = 0
  const worker = async () => {
    // Stop at the first failure: a broken Storage API would fail every upload the same way.
    for (let object = queue.shift(); object && failures.length === 0; object = queue.shift()) {
      try {
        await upload(deps, object, await tokenFor(object.owner))
        uploaded += 1
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error))
      }
    }
  }
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker))
  if (failures.length > 0) {
    throw new Error(`the seed images could not be stored: ${failures.join('; ')}`)
  }
  return { uploaded }
}
