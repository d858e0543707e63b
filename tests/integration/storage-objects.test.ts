import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from '@roost/local-supabase/config'
import { prepareDatabase } from '@roost/local-supabase/db/bootstrap'
import { connectDatabase } from '@roost/local-supabase/db/database'
import { putObjectAsAdmin } from '@roost/local-supabase/http/storage/put-object'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { anonClient, serviceClient, withDatabase } from './support/clients'
import {
  createTestBucket,
  dropTestBucket,
  imageBytes,
  type StorageUser,
  storageUser,
  TEST_BUCKET,
} from './support/storage-fixtures'

const bytesOf = (text: string) => new TextEncoder().encode(text)
const storedFile = (key: string) => path.join(inject('dataDir'), 'storage', TEST_BUCKET, key)
const rowCount = (key: string) =>
  withDatabase(async (db) => {
    const { rowCount } = await db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      TEST_BUCKET,
      key,
    ])
    return rowCount
  })

let alice: StorageUser
let ben: StorageUser
// A PNG signature, then bytes that must come back exactly.
const photo = imageBytes('image/png', 0, bytesOf('not really a png, but exact bytes matter'))

async function upload(user: StorageUser, key: string, body: Uint8Array<ArrayBuffer> = photo) {
  const { error } = await user.client.storage
    .from(TEST_BUCKET)
    .upload(key, new Blob([body], { type: 'image/png' }))
  if (error) throw error
}

beforeAll(async () => {
  await createTestBucket()
  alice = await storageUser()
  ben = await storageUser()
})
afterAll(dropTestBucket)

describe('reading public objects', () => {
  it('the public URL serves the exact bytes with the type and caching headers of the upload', async () => {
    const key = `${alice.id}/home/front door.png`
    await upload(alice, key)
    const { data } = anonClient().storage.from(TEST_BUCKET).getPublicUrl(key)
    expect(data.publicUrl).toBe(
      `${inject('apiUrl')}/storage/v1/object/public/${TEST_BUCKET}/${encodeURI(key)}`,
    )
    const res = await fetch(data.publicUrl)
    expect(res.status).toBe(200)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(photo)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-length')).toBe(String(photo.length))
    expect(res.headers.get('cache-control')).toBe('max-age=3600')
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(Date.parse(res.headers.get('last-modified') ?? '')).not.toBeNaN()

    const again = await fetch(data.publicUrl, { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    const head = await fetch(data.publicUrl, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(photo.length))

    const part = await fetch(data.publicUrl, { headers: { Range: 'bytes=8-14' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 8-14/${photo.length}`)
    expect(await part.text()).toBe('not rea')
  })

  it('a missing public object is NoSuchKey, sent with HTTP 400 as Storage does', async () => {
    const res = await fetch(
      `${inject('apiUrl')}/storage/v1/object/public/${TEST_BUCKET}/${alice.id}/nothing.png`,
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    })
    const bucket = await fetch(`${inject('apiUrl')}/storage/v1/object/public/no-such-bucket/a.png`)
    expect(await bucket.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' })
  })

  it('download(), info() and exists() read through the SELECT policy', async () => {
    const key = `${alice.id}/home/kitchen.png`
    await upload(alice, key)
    const bucket = ben.client.storage.from(TEST_BUCKET)
    const download = await bucket.download(key)
    expect(download.error).toBeNull()
    expect(new Uint8Array(await (download.data as Blob).arrayBuffer())).toEqual(photo)
    const info = await bucket.info(key)
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({
      name: key,
      bucketId: TEST_BUCKET,
      size: photo.length,
      contentType: 'image/png',
    })
    expect(await bucket.exists(key)).toMatchObject({ data: true })
    expect(await bucket.exists(`${alice.id}/home/none.png`)).toMatchObject({ data: false })
    const missing = await bucket.info(`${alice.id}/home/none.png`)
    expect(missing.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' })
  })

  it('a signed URL serves the object until it expires, and only for the path it was made for', async () => {
    const key = `${alice.id}/home/garden.png`
    await upload(alice, key)
    const { data, error } = await alice.client.storage.from(TEST_BUCKET).createSignedUrl(key, 60)
    expect(error).toBeNull()
    const res = await fetch(data?.signedUrl ?? '')
    expect(res.status).toBe(200)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(photo)
    const token = new URL(data?.signedUrl ?? '').searchParams.get('token')
    const other = await fetch(
      `${inject('apiUrl')}/storage/v1/object/sign/${TEST_BUCKET}/${alice.id}/home/kitchen.png?token=${token}`,
    )
    expect(await other.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })
  })
})

describe('listing and removing objects', () => {
  it('list() shows one folder level: sub-folders first (no id), then files with their metadata', async () => {
    await upload(alice, `${alice.id}/flat/b.png`)
    await upload(alice, `${alice.id}/flat/a.png`)
    await upload(alice, `${alice.id}/flat/rooms/bedroom.png`)
    const { data, error } = await alice.client.storage.from(TEST_BUCKET).list(`${alice.id}/flat`)
    expect(error).toBeNull()
    expect(data?.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['rooms', true],
      ['a.png', false],
      ['b.png', false],
    ])
    expect(data?.[1]?.metadata).toMatchObject({ mimetype: 'image/png', size: photo.length })
    const top = await alice.client.storage.from(TEST_BUCKET).list(alice.id, { search: 'fla' })
    expect(top.data?.map((entry) => entry.name)).toEqual(['flat'])
    const page = await alice.client.storage
      .from(TEST_BUCKET)
      .list(`${alice.id}/flat`, { limit: 1, offset: 1 })
    expect(page.data?.map((entry) => entry.name)).toEqual(['a.png'])
  })

  it('remove() by another user deletes nothing and says so with an empty list', async () => {
    const key = `${alice.id}/gone/photo.png`
    await upload(alice, key)
    const { data, error } = await ben.client.storage.from(TEST_BUCKET).remove([key])
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect(await rowCount(key)).toBe(1)
    expect(fs.existsSync(storedFile(key))).toBe(true)
  })

  it('remove() by the owner deletes the row and the file and answers with the deleted rows', async () => {
    const key = `${alice.id}/gone/photo.png`
    const { data, error } = await alice.client.storage
      .from(TEST_BUCKET)
      .remove([key, `${alice.id}/gone/never.png`])
    expect(error).toBeNull()
    expect(data).toHaveLength(1)
    expect(data?.[0]).toMatchObject({ name: key, bucket_id: TEST_BUCKET })
    expect(await rowCount(key)).toBe(0)
    expect(fs.existsSync(storedFile(key))).toBe(false)
  })
})

describe('buckets', () => {
  it('the service role lists and reads buckets with their limits', async () => {
    const storage = serviceClient().storage
    const list = await storage.listBuckets()
    expect(list.data?.map((bucket) => bucket.id)).toContain(TEST_BUCKET)
    const one = await storage.getBucket(TEST_BUCKET)
    expect(one.data).toMatchObject({ id: TEST_BUCKET, public: true, file_size_limit: 1024 * 1024 })
    expect((await storage.getBucket('no-such-bucket')).error).toMatchObject({ statusCode: '404' })
  })
})

describe('objects stored by the seed', () => {
  it('putObjectAsAdmin stores an object for a user that the public URL then serves', async () => {
    const db = connectDatabase(await prepareDatabase(inject('databaseUrl'), inject('jwtSecret')))
    const config = loadConfig({ ...process.env, LOCAL_DATA_DIR: inject('dataDir') })
    try {
      const key = `${alice.id}/seeded/cover.png`
      await putObjectAsAdmin(
        { config, db },
        { bucket: TEST_BUCKET, key, bytes: photo, contentType: 'image/png', owner: alice.id },
      )
      const { data } = anonClient().storage.from(TEST_BUCKET).getPublicUrl(key)
      const res = await fetch(data.publicUrl)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(photo)
      const removed = await alice.client.storage.from(TEST_BUCKET).remove([key])
      expect(removed.data).toHaveLength(1)
    } finally {
      await db.close()
    }
  })
})
