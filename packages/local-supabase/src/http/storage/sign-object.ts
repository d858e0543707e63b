import type { Context } from 'hono'
import { z } from 'zod'
import { signJwt } from '../../core/jwt'
import { isValidObjectKey } from '../../core/storage/object-key'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { bucketAddress, objectAddress } from './object-address'
import { requestJson } from './request-json'
import { requireCaller } from './storage-caller'
import { parseTransformOptions, transformationsText } from './transform-options'

const expiresIn = z.coerce.number().int().min(1)
const SignBody = z.object({ expiresIn, transform: z.record(z.string(), z.unknown()).optional() })
const SignManyBody = z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) })

/**
 * A download token for `<bucket>/<key>`, signed with the project secret as Storage signs them; with
 * transformations it is a URL of the image renderer, the options travelling in the token.
 */
async function signedUrl(
  deps: StackDeps,
  bucket: string,
  key: string,
  seconds: number,
  transform?: Record<string, unknown>,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  const url = `${bucket}/${key}`
  const transformations = transform ? transformationsText(transform) : ''
  const payload = {
    url,
    scope: 'download',
    iat,
    exp: iat + seconds,
    ...(transformations ? { transformations } : {}),
  }
  const token = await signJwt(payload, deps.config.jwtSecret)
  return `${transformations ? '/render/image/sign' : '/object/sign'}/${url}?token=${token}`
}

/** POST /object/sign/<bucket>/<key> {expiresIn}: the caller must see the object (SELECT policy). */
export async function signObject(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const { bucket, key } = objectAddress(c, '/object/sign/')
  const body = await requestJson(c, SignBody)
  await findBucket(deps.db, bucket)
  const visible = await deps.db.asCaller(
    { ...caller.scope('object.sign'), readOnly: true },
    async (client) => {
      const { rowCount } = await client.query(
        'select 1 from storage.objects where bucket_id = $1 and name = $2',
        [bucket, key],
      )
      return (rowCount ?? 0) > 0
    },
  )
  if (!visible) throw storageErrors.noSuchKey()
  if (body.transform)
    parseTransformOptions((name) => {
      const value = body.transform?.[name]
      return value === undefined || value === null ? undefined : String(value)
    })
  return c.json({ signedURL: await signedUrl(deps, bucket, key, body.expiresIn, body.transform) })
}

/** POST /object/sign/<bucket> {expiresIn, paths}: one entry per path, an error for those not visible. */
export async function signObjects(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const bucket = bucketAddress(c, '/object/sign/')
  const body = await requestJson(c, SignManyBody)
  await findBucket(deps.db, bucket)
  const names = body.paths.filter(isValidObjectKey)
  const visible = await deps.db.asCaller(
    { ...caller.scope('object.sign_many'), readOnly: true },
    async (client) => {
      const { rows } = await client.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [bucket, names],
      )
      return new Set(rows.map((row) => row.name))
    },
  )
  const entries = await Promise.all(
    body.paths.map(async (path) =>
      visible.has(path)
        ? { error: null, path, signedURL: await signedUrl(deps, bucket, path, body.expiresIn) }
        : {
            error: 'Either the object does not exist or you do not have access to it',
            path,
            signedURL: null,
          },
    ),
  )
  return c.json(entries)
}
