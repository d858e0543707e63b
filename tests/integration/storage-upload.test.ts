import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { anonClient, withDatabase } from './support/clients'
import {
  createTestBucket,
  dropTestBucket,
  imageBytes,
  type StorageUser,
  storageUser,
  TEST_BUCKET,
  TEST_BUCKET_LIMIT,
} from './support/storage-fixtures'

const png = (size = 64) => imageBytes('image/png', size)
const storedFile = (key: string) => path.join(inject('dataDir'), 'storage', TEST_BUCKET, key)
const objectRow = (key: string) =>
  withDatabase(async (db) => {
    const { rows } = await db.query('select * from storage.objects where bucket_id = $1 and name = $2', [
      TEST_BUCKET,
      key,
    ])
    return rows[0]
  })

let alice: StorageUser
let ben: StorageUser

beforeAll(async () => {
  await createTestBucket()
  alice = await storageUser()
  ben = await storageUser()
})
afterAll(dropTestBucket)

describe('uploading to Storage', () => {
  it('a user uploads a Blob into their own folder; the row is theirs and the bytes are on disk', async () => {
    const key = `${alice.id}/listing-1/photo.png`
    const bytes = png()
    const { data, error } = await alice.client.storage
      .from(TEST_BUCKET)
      .upload(key, new Blob([bytes], { type: 'image/png' }), { cacheControl: '3600' })
    expect(error).toBeNull()
    expect(data).toMatchObject({ path: key, fullPath: `${TEST_BUCKET}/${key}` })
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)
    const row = await objectRow(key)
    expect(row).toMatchObject({ id: data?.id, owner: alice.id, owner_id: alice.id })
    expect(row.metadata).toMatchObject({
      mimetype: 'image/png',
      size: bytes.length,
      cacheControl: 'max-age=3600',
    })
    expect(new Uint8Array(fs.readFileSync(storedFile(key)))).toEqual(bytes)
  })

  it('a user uploads a Buffer with an explicit content type', async () => {
    const key = `${alice.id}/listing-1/photo.jpg`
    const { error } = await alice.client.storage
      .from(TEST_BUCKET)
      .upload(key, Buffer.from(imageBytes('image/jpeg', 32)), { contentType: 'image/jpeg' })
    expect(error).toBeNull()
    expect((await objectRow(key)).metadata).toMatchObject({ mimetype: 'image/jpeg', size: 32 })
    expect(fs.existsSync(storedFile(key))).toBe(true)
  })

  it("a user cannot upload into another user's folder: the policy refuses it and nothing is stored", async () => {
    const key = `${alice.id}/listing-1/intruder.png`
    const { data, error } = await ben.client.storage
      .from(TEST_BUCKET)
      .upload(key, new Blob([png()], { type: 'image/png' }))
    expect(data).toBeNull()
    expect(error).toMatchObject({
      name: 'StorageApiError',
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
    expect(await objectRow(key)).toBeUndefined()
    expect(fs.existsSync(storedFile(key))).toBe(false)
  })

  it('a type the bucket does not allow is refused as InvalidMimeType (415)', async () => {
    const key = `${alice.id}/listing-1/anim.gif`
    const { error } = await alice.client.storage
      .from(TEST_BUCKET)
      .upload(key, new Blob([png()], { type: 'image/gif' }))
    expect(error).toMatchObject({
      status: 400,
      statusCode: '415',
      message: 'mime type image/gif is not supported',
    })
    expect(fs.existsSync(storedFile(key))).toBe(false)
  })

  it("a file over the bucket's size limit is refused as EntityTooLarge (413), Blob or Buffer", async () => {
    const key = `${alice.id}/listing-1/huge.png`
    const big = png(TEST_BUCKET_LIMIT + 1)
    const blob = await alice.client.storage
      .from(TEST_BUCKET)
      .upload(key, new Blob([big], { type: 'image/png' }))
    expect(blob.error).toMatchObject({ status: 400, statusCode: '413' })
    expect(blob.error?.message).toBe('The object exceeded the maximum allowed size')
    const raw = await alice.client.storage
      .from(TEST_BUCKET)
      .upload(key, Buffer.from(big), { contentType: 'image/png' })
    expect(raw.error).toMatchObject({ statusCode: '413' })
    const huge = png(8 * TEST_BUCKET_LIMIT)
    const hugeBlob = await alice.client.storage
      .from(TEST_BUCKET)
      .upload(key, new Blob([huge], { type: 'image/png' }))
    expect(hugeBlob.error).toMatchObject({ status: 400, statusCode: '413' })
    const hugeRaw = await alice.client.storage
      .from(TEST_BUCKET)
      .upload(key, Buffer.from(huge), { contentType: 'image/png' })
    expect(hugeRaw.error).toMatchObject({ status: 400, statusCode: '413' })
    expect(await objectRow(key)).toBeUndefined()
    const exact = await alice.client.storage
      .from(TEST_BUCKET)
      .upload(key, new Blob([png(TEST_BUCKET_LIMIT)], { type: 'image/png' }))
    expect(exact.error).toBeNull()
  })

  it('uploading onto an existing key without upsert is KeyAlreadyExists (409); with upsert it replaces the bytes', async () => {
    const key = `${alice.id}/listing-2/cover.webp`
    const bucket = alice.client.storage.from(TEST_BUCKET)
    expect(
      (await bucket.upload(key, new Blob([imageBytes('image/webp', 16)], { type: 'image/webp' }))).error,
    ).toBeNull()
    const again = await bucket.upload(key, new Blob([imageBytes('image/webp', 20)], { type: 'image/webp' }))
    expect(again.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
    expect(fs.statSync(storedFile(key)).size).toBe(16)
    const upsert = await bucket.upload(
      key,
      new Blob([imageBytes('image/webp', 30)], { type: 'image/webp' }),
      { upsert: true },
    )
    expect(upsert.error).toBeNull()
    expect(fs.statSync(storedFile(key)).size).toBe(30)
    const update = await bucket.update(key, new Blob([imageBytes('image/webp', 40)], { type: 'image/webp' }))
    expect(update.error).toBeNull()
    expect(fs.statSync(storedFile(key)).size).toBe(40)
    expect((await objectRow(key)).metadata.size).toBe(40)
  })

  it('the anon key cannot upload (no owner, no policy for anon)', async () => {
    const key = `${alice.id}/listing-1/anon.png`
    const { error } = await anonClient()
      .storage.from(TEST_BUCKET)
      .upload(key, new Blob([png()], { type: 'image/png' }))
    expect(error).toMatchObject({ status: 400, statusCode: '403' })
    expect(await objectRow(key)).toBeUndefined()
  })

  it('a token not signed by this project, or expired, is refused as Storage refuses it', async () => {
    const url = `${inject('apiUrl')}/storage/v1/object/${TEST_BUCKET}/${alice.id}/x.png`
    const forged = `${alice.token.slice(0, alice.token.lastIndexOf('.'))}.AAAA`
    const bad = await fetch(url, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), authorization: `Bearer ${forged}`, 'content-type': 'image/png' },
      body: png(),
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'invalid signature',
    })
    const expired = await storageUser(-3600)
    const { error } = await expired.client.storage
      .from(TEST_BUCKET)
      .upload(`${expired.id}/x.png`, new Blob([png()], { type: 'image/png' }))
    expect(error).toMatchObject({ status: 400, statusCode: '403', message: 'jwt expired' })
  })

  it('keys that climb out of the folder (../) or use characters Storage forbids are InvalidKey', async () => {
    const base = `${inject('apiUrl')}/storage/v1/object/${TEST_BUCKET}`
    const headers = {
      apikey: inject('anonKey'),
      authorization: `Bearer ${alice.token}`,
      'content-type': 'image/png',
    }
    for (const tail of [
      `${alice.id}/%2e%2e%2F%2e%2e%2Fescape.png`,
      `${alice.id}/..%2Fescape.png`,
      `${alice.id}/s%C3%B8l.png`,
    ]) {
      const res = await fetch(`${base}/${tail}`, { method: 'POST', headers, body: png() })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' })
    }
    const viaClient = await alice.client.storage
      .from(TEST_BUCKET)
      .upload(`${alice.id}/../../escape.png`, new Blob([png()], { type: 'image/png' }))
    expect(viaClient.error).not.toBeNull()
    expect(fs.existsSync(path.join(inject('dataDir'), 'storage', 'escape.png'))).toBe(false)
    expect(fs.existsSync(path.join(inject('dataDir'), 'escape.png'))).toBe(false)
  })
})
