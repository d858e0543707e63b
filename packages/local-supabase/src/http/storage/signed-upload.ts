import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { signJwt, verifyJwt } from '../../core/jwt'
import type { FileStore } from '../../core/storage/file-store'
import { storageErrors } from '../../core/storage/storage-error'
import type { StackDeps } from '../deps'
import { findBucket } from './bucket-row'
import { objectAddress } from './object-address'
import { requireCaller } from './storage-caller'
import { writeUpload } from './upload-object'

/** How long a signed upload URL lasts: Storage's `uploadSignedUrlExpirationTime`, two hours. */
const SIGNED_UPLOAD_SECONDS = 2 * 3600
const UPLOAD_SCOPE = 'upload'

/** Thrown to roll back the permission check's trial insert. */
class TrialDone extends Error {}

/**
 * POST /object/upload/sign/<bucket>/<key>: a token to upload this one object later without signing in.
 * As Storage's canUpload, the caller must be allowed the upload now: a trial insert as the caller
 * (rolled back) meets the INSERT policy and an existing object (KeyAlreadyExists unless `x-upsert`).
 */
export async function createSignedUploadUrl(c: Context, deps: StackDeps) {
  const caller = await requireCaller(c, deps.config)
  const { bucket, key } = objectAddress(c, '/object/upload/sign/')
  const upsert = c.req.header('x-upsert') === 'true'
  await findBucket(deps.db, bucket)
  await deps.db
    .asCaller(caller.scope('object.sign_upload'), async (client) => {
      await client.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3, $4, $5, '{}', $6)
         ${upsert ? 'on conflict (bucket_id, name) do update set version = excluded.version' : ''}`,
        [randomUUID(), bucket, key, caller.ownerUuid, caller.owner ?? null, randomUUID()],
      )
      throw new TrialDone()
    })
    .catch((error: unknown) => {
      if (!(error instanceof TrialDone)) throw error
    })
  const iat = Math.floor(Date.now() / 1000)
  const url = `${bucket}/${key}`
  const token = await signJwt(
    { owner: caller.owner, url, upsert, scope: UPLOAD_SCOPE, iat, exp: iat + SIGNED_UPLOAD_SECONDS },
    deps.config.jwtSecret,
  )
  return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token })
}

/** The messages Storage's token check gives (those of the jsonwebtoken library). */
const jwtMessage = (reason: string, expired: boolean) =>
  expired ? 'jwt expired' : reason === 'signature is invalid' ? 'invalid signature' : 'jwt malformed'

/**
 * PUT /object/upload/sign/<bucket>/<key>?token=: the upload the token allows, written by the storage
 * service with the owner and upsert the token carries, as Storage does.
 */
export async function uploadToSignedUrl(c: Context, deps: StackDeps, store: FileStore) {
  const { bucket, key } = objectAddress(c, '/object/upload/sign/')
  const token = c.req.query('token')
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'")
  const verified = await verifyJwt(token, deps.config.jwtSecret)
  if (!verified.ok) throw storageErrors.invalidJwt(jwtMessage(verified.reason, verified.expired))
  const { url, scope, owner, upsert } = verified.claims
  if (scope !== UPLOAD_SCOPE)
    throw storageErrors.invalidSignatureFor(`Token is not scoped for ${UPLOAD_SCOPE}`)
  if (url !== `${bucket}/${key}`) throw storageErrors.invalidSignature()
  const id = await writeUpload(c, deps, store, {
    bucket,
    key,
    upsert: upsert === true,
    owner: typeof owner === 'string' ? owner : undefined,
    run: (work) => deps.db.storage.transaction(work),
  })
  return c.json({ Id: id, Key: `${bucket}/${key}` })
}
