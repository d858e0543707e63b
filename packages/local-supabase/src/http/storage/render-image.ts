import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Context } from 'hono'
import sharp from 'sharp'
import { isNotModified } from '../../core/storage/conditional-request'
import type { FileStore } from '../../core/storage/file-store'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { verifiedDownloadToken } from './download-object'
import { type ObjectAddress, objectAddress } from './object-address'
import { type ObjectRow, selectObject } from './object-row'
import { headerValue } from './serve-object'
import { requireCaller } from './storage-caller'
import {
  parseTransformations,
  parseTransformOptions,
  renditionKey,
  type TransformOptions,
} from './transform-options'

/** Supabase's resize modes in sharp's terms: contain fits inside the box without padding, as imgproxy does. */
const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])

async function render(source: string, options: TransformOptions, mimetype: string): Promise<Uint8Array> {
  const image = sharp(source).rotate().resize({
    width: options.width,
    height: options.height,
    fit: FIT[options.resize],
    withoutEnlargement: true,
  })
  if (options.format === 'webp') return image.webp({ quality: options.quality }).toBuffer()
  if (mimetype === 'image/png') return image.png().toBuffer()
  return image.jpeg({ quality: options.quality, mozjpeg: true }).toBuffer()
}

/**
 * GET/HEAD /render/image/public/<bucket>/<key>?width=&height=&resize=&quality=: a resized copy of a public
 * image (WebP unless format=origin), made with sharp once per object version and kept on disk. Caching
 * headers are the object's own (Cache-Control from the upload, ETag, Last-Modified), with a per-rendition ETag.
 */
export async function renderPublicImage(c: Context, deps: StackDeps, store: FileStore) {
  const address = objectAddress(c, '/render/image/public/')
  const options = parseTransformOptions((name) => c.req.query(name))
  const bucket = await findBucket(deps.db, address.bucket)
  if (!bucket.public) throw storageErrors.noSuchBucket()
  const row = await selectObject(deps.db.storage.pool, address.bucket, address.key)
  if (!row) throw storageErrors.noSuchKey()
  return renderImage(c, deps, store, address, row, options)
}

/** GET/HEAD /render/image/authenticated/<bucket>/<key>: as public, for an object the caller may see. */
export async function renderAuthenticatedImage(c: Context, deps: StackDeps, store: FileStore) {
  const caller = await requireCaller(c, deps.config)
  const address = objectAddress(c, '/render/image/authenticated/')
  const options = parseTransformOptions((name) => c.req.query(name))
  await findBucket(deps.db, address.bucket)
  const row = await deps.db.asCaller({ ...caller.scope('object.render'), readOnly: true }, (client) =>
    selectObject(client, address.bucket, address.key),
  )
  if (!row) throw storageErrors.noSuchKey()
  return renderImage(c, deps, store, address, row, options)
}

/**
 * GET/HEAD /render/image/sign/<bucket>/<key>?token=: the rendition a signed URL names. As Storage does,
 * the transformations come from the token (`createSignedUrl(path, s, { transform })`), not the query.
 */
export async function renderSignedImage(c: Context, deps: StackDeps, store: FileStore) {
  const address = objectAddress(c, '/render/image/sign/')
  const claims = await verifiedDownloadToken(c, deps, address)
  const transformations = parseTransformations(
    typeof claims.transformations === 'string' ? claims.transformations : '',
  )
  const options = parseTransformOptions((name) => transformations.get(name))
  const row = await selectObject(deps.db.storage.pool, address.bucket, address.key)
  if (!row) throw storageErrors.noSuchKey()
  return renderImage(c, deps, store, address, row, options)
}

async function renderImage(
  c: Context,
  deps: StackDeps,
  store: FileStore,
  address: ObjectAddress,
  row: ObjectRow,
  requested: TransformOptions,
) {
  // As imgproxy behind Storage: WebP only for a client that says it takes WebP, else the stored format.
  const takesWebp = (c.req.header('accept') ?? '').includes('image/webp')
  const options: TransformOptions = {
    ...requested,
    format: requested.format === 'webp' && takesWebp ? 'webp' : 'origin',
  }
  const mimetype = row.metadata?.mimetype ?? 'application/octet-stream'
  if (!IMAGE_TYPES.has(mimetype)) throw storageErrors.invalidRequest('The object is not an image')
  const version = row.metadata?.eTag ?? row.id
  const rendition = renditionKey(options)
  const eTag = `"${createHash('sha256').update(`${version}:${rendition}`).digest('hex').slice(0, 32)}"`
  const lastModified = new Date(row.metadata?.lastModified ?? row.updated_at)
  const headers: Record<string, string> = {
    'Cache-Control': headerValue(row.metadata?.cacheControl, 'no-cache'),
    ETag: eTag,
    'Last-Modified': lastModified.toUTCString(),
  }
  const conditions = {
    ifNoneMatch: c.req.header('if-none-match'),
    ifModifiedSince: c.req.header('if-modified-since'),
  }
  if (isNotModified(conditions, { eTag, lastModified })) return c.body(null, 304, headers)

  const cached = path.join(deps.config.dataDir, 'storage-renders', `${eTag.slice(1, -1)}`)
  const body = await fs.readFile(cached).catch(async () => {
    const made = await render(store.pathOf(address.bucket, address.key), options, mimetype).catch(() => {
      throw storageErrors.invalidRequest('The image could not be transformed')
    })
    await fs.mkdir(path.dirname(cached), { recursive: true })
    await fs.writeFile(cached, made)
    return made
  })
  headers['Content-Type'] =
    options.format === 'webp' ? 'image/webp' : mimetype === 'image/png' ? 'image/png' : 'image/jpeg'
  headers['Content-Length'] = String(body.length)
  if (c.req.method === 'HEAD') return c.body(null, 200, headers)
  return c.body(new Uint8Array(body), 200, headers)
}
