import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient } from './support/clients'
import {
  createTestBucket,
  dropTestBucket,
  type StorageUser,
  storageUser,
  TEST_BUCKET,
} from './support/storage-fixtures'

let alice: StorageUser
const key = () => `${alice.id}/home/cover.jpg`

beforeAll(async () => {
  await createTestBucket()
  alice = await storageUser()
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
    .jpeg({ quality: 90 })
    .toBuffer()
  const { error } = await alice.client.storage
    .from(TEST_BUCKET)
    .upload(key(), new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }))
  if (error) throw error
})
afterAll(dropTestBucket)

/** What a browser's image request says it takes: WebP among others. */
const BROWSER = { Accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' }

describe('image transformations of public objects (render/image/public)', () => {
  it("storage-js's transform URL answers a resized WebP with the object's caching headers", async () => {
    const { data } = anonClient()
      .storage.from(TEST_BUCKET)
      .getPublicUrl(key(), { transform: { width: 400, height: 300, resize: 'cover', quality: 70 } })
    expect(data.publicUrl).toContain('/storage/v1/render/image/public/')
    const res = await fetch(data.publicUrl, { headers: BROWSER })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('max-age=3600')
    expect(Date.parse(res.headers.get('last-modified') ?? '')).not.toBeNaN()
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300])

    const again = await fetch(data.publicUrl, {
      headers: { ...BROWSER, 'If-None-Match': res.headers.get('etag') ?? '' },
    })
    expect(again.status).toBe(304)
  })

  it('a client that does not say it takes WebP gets the stored format, as from imgproxy behind Storage', async () => {
    const { data } = anonClient()
      .storage.from(TEST_BUCKET)
      .getPublicUrl(key(), { transform: { width: 400 } })
    const res = await fetch(data.publicUrl, { headers: { Accept: '*/*' } })
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('jpeg')
    const webp = await fetch(data.publicUrl, { headers: BROWSER })
    expect(webp.headers.get('etag')).not.toBe(res.headers.get('etag'))
  })

  it('contain keeps the whole picture inside the box; a width alone keeps the proportions', async () => {
    const url = (transform: { width?: number; height?: number; resize?: 'contain' }) =>
      anonClient().storage.from(TEST_BUCKET).getPublicUrl(key(), { transform }).data.publicUrl
    const size = async (href: string) => {
      const meta = await sharp(Buffer.from(await (await fetch(href)).arrayBuffer())).metadata()
      return [meta.width, meta.height]
    }
    expect(await size(url({ width: 300, height: 300, resize: 'contain' }))).toEqual([300, 200])
    expect(await size(url({ width: 600 }))).toEqual([600, 400])
  })

  it('different sizes get different ETags, and a picture is never enlarged', async () => {
    const render = (width: number) =>
      fetch(
        anonClient().storage.from(TEST_BUCKET).getPublicUrl(key(), { transform: { width } }).data.publicUrl,
      )
    const [small, large] = await Promise.all([render(200), render(2400)])
    expect(small.headers.get('etag')).not.toBe(large.headers.get('etag'))
    expect((await sharp(Buffer.from(await large.arrayBuffer())).metadata()).width).toBe(1200)
  })

  it('bad options and missing objects get Storage errors, not a 500', async () => {
    const base = anonClient().storage.from(TEST_BUCKET).getPublicUrl(key()).data.publicUrl
    const render = base.replace('/object/public/', '/render/image/public/')
    const bad = await fetch(`${render}?width=-4`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' })
    const missing = await fetch(`${render.replace('cover.jpg', 'nothing.jpg')}?width=100`)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ statusCode: '404' })
  })
})
