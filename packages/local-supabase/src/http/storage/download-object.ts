import type { Context } from 'hono'
import { verifyJwt } from '../../core/jwt'
import type { FileStore } from '../../core/storage/file-store'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { type ObjectAddress, objectAddress } from './object-address'
import { selectObject } from './object-row'
import { serveObject } from './serve-object'
import { requireCaller } from './storage-caller'

/** GET/HEAD /object/public/<bucket>/<key>: no token needed, but the bucket must be public. */
export async function downloadPublicObject(c: Context, deps: StackDeps, store: FileStore) {
  const address = objectAddress(c, '/object/public/')
  const bucket = await findBucket(deps.db, address.bucket)
  if (!bucket.public) throw storageErrors.noSuchBucket()
  const row = await selectObject(deps.db.storage.pool, address.bucket, address.key)
  if (!row) throw storageErrors.noSuchKey()
  return serveObject(c, store, address, row)
}

/** GET/HEAD /object/[authenticated/]<bucket>/<key>: the row must be visible to the caller (SELECT policy). */
export async function downloadObject(c: Context, deps: StackDeps, store: FileStore, marker: string) {
  const caller = await requireCaller(c, deps.config)
  const address = objectAddress(c, marker)
  await findBucket(deps.db, address.bucket)
  const row = await deps.db.asCaller({ ...caller.scope('object.get'), readOnly: true }, (client) =>
    selectObject(client, address.bucket, address.key),
  )
  if (!row) throw storageErrors.noSuchKey()
  return serveObject(c, store, address, row)
}

/**
 * The claims of a signed URL's token: signed by this project, for downloads (an upload token is not
 * one), naming this very object.
 */
export async function verifiedDownloadToken(c: Context, deps: StackDeps, address: ObjectAddress) {
  const token = c.req.query('token')
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'")
  const verified = await verifyJwt(token, deps.config.jwtSecret)
  if (!verified.ok) throw verified.expired ? storageErrors.expiredToken() : storageErrors.invalidSignature()
  if (verified.claims.scope !== undefined && verified.claims.scope !== 'download') {
    throw storageErrors.invalidSignatureFor('Token is not scoped for download')
  }
  if (verified.claims.url !== `${address.bucket}/${address.key}`) throw storageErrors.invalidSignature()
  return verified.claims
}

/** GET/HEAD /object/sign/<bucket>/<key>?token=: the token, signed by this project, names this object. */
export async function downloadSignedObject(c: Context, deps: StackDeps, store: FileStore) {
  const address = objectAddress(c, '/object/sign/')
  await verifiedDownloadToken(c, deps, address)
  const row = await selectObject(deps.db.storage.pool, address.bucket, address.key)
  if (!row) throw storageErrors.noSuchKey()
  return serveObject(c, store, address, row)
}
