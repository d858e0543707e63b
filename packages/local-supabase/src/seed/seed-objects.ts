import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PROJECT_DIR } from '../config'
import { fileStore } from '../core/storage/file-store'
import type { StackDeps } from '../http/deps'
import { renderListingImage } from './listing-image'
import { seedPhoto } from './listing-image-svg'

const BUCKET = 'listing-images'
const PUBLIC_PATH = `/storage/v1/object/public/${BUCKET}/`
/** The seed's listings have ids 5eed0000-…; only their images are generated here. */
const SEED_LISTING_IDS = '5eed0000-%'
/** Public URLs of this bucket on a local API, whatever its port (seed.sql names the default one). */
const LOCAL_PUBLIC_URL =
  '^https?://(127\\.0\\.0\\.1|localhost)(:[0-9]+)?/storage/v1/object/public/listing-images/'

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
 * test database then pays only for storing them). Bump the version when the drawing changes.
 */
const IMAGE_CACHE = path.join(PROJECT_DIR, 'node_modules', '.cache', 'roost', 'seed-images-v2')

type Drawing = { file: string; bytes: Buffer; eTag: string }

/** Each drawing is rendered once per process, however many listing photos show it. */
const drawings = new Map<string, Promise<Drawing>>()

/** The JPEG of a seed object: its drawing, generated once into the cache. */
function drawingFor(object: SeedObject): Promise<Drawing> {
  const { kind, variant } = seedPhoto(object.listingId, object.index)
  const key = `${kind.replace(' ', '-')}-${variant}`
  const known = drawings.get(key)
  if (known) return known
  const file = path.join(IMAGE_CACHE, `${key}.jpg`)
  const drawing = fs
    .readFile(file)
    .catch(async () => {
      const bytes = await renderListingImage(kind, variant)
      // The cache only saves time: a read-only node_modules must not stop the seed.
      await fs
        .mkdir(IMAGE_CACHE, { recursive: true })
        .then(() => fs.writeFile(file, bytes))
        .catch(() => {})
      return bytes
    })
    .then((bytes) => ({ file, bytes, eTag: `"${createHash('md5').update(bytes).digest('hex')}"` }))
  drawings.set(key, drawing)
  return drawing
}

/**
 * Puts an object's bytes where the Storage API keeps them: a hard link to the cached drawing when the
 * file systems allow (many listings share a drawing), else a copy.
 */
async function storeBytes(deps: StackDeps, object: SeedObject, drawing: Drawing): Promise<void> {
  const target = fileStore(deps.config.dataDir).pathOf(BUCKET, object.path)
  await fs.mkdir(path.dirname(target), { recursive: true })
  await fs.rm(target, { force: true })
  await fs.link(drawing.file, target).catch(() => fs.writeFile(target, drawing.bytes))
}

/**
 * Stores the seed listings' images in the bucket as the storage service itself would after their
 * owners uploaded them: the bytes under `<owner>/<listing id>/<n>.jpg`, then one storage.objects row
 * each, owned by the listing's owner. Idempotent: runs on every start, stores only what storage lacks.
 */
export async function loadSeedObjects(deps: StackDeps): Promise<{ uploaded: number }> {
  await rewriteImageUrls(deps)
  const queue = await missingSeedObjects(deps)
  if (queue.length === 0) return { uploaded: 0 }
  const stored = await Promise.all(
    queue.map(async (object) => {
      const drawing = await drawingFor(object)
      await storeBytes(deps, object, drawing)
      return { object, drawing }
    }),
  )
  const now = new Date().toISOString()
  await deps.db.admin.query(
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
     select $1, object.name, object.owner, object.owner::text, object.metadata, gen_random_uuid()::text
       from unnest($2::text[], $3::uuid[], $4::jsonb[]) as object (name, owner, metadata)
     on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
       metadata = excluded.metadata, version = excluded.version`,
    [
      BUCKET,
      stored.map(({ object }) => object.path),
      stored.map(({ object }) => object.owner),
      stored.map(({ drawing }) =>
        JSON.stringify({
          eTag: drawing.eTag,
          size: drawing.bytes.length,
          mimetype: 'image/jpeg',
          cacheControl: 'max-age=3600',
          lastModified: now,
          contentLength: drawing.bytes.length,
          httpStatusCode: 200,
        }),
      ),
    ],
  )
  return { uploaded: stored.length }
}
