import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { anonClient, serviceClient, withDatabase } from './support/clients'
import { imageBytes, type StorageUser, storageUser } from './support/storage-fixtures'

/** A private bucket where each user reads and writes only their own folder, as the app's would. */
const BUCKET = 'private-docs'
const OTHER = 'private-archive'

let alice: StorageUser
let ben: StorageUser
const png = (seed = 0) => new Blob([imageBytes('image/png', 64 + seed)], { type: 'image/png' })

const ownFolder = (bucket: string) =>
  `bucket_id = '${bucket}' and (storage.foldername(name))[1] = (select auth.uid()::text)`

beforeAll(async () => {
  await withDatabase((db) =>
    db.query(`
      insert into storage.buckets (id, name, public) values ('${BUCKET}', '${BUCKET}', false), ('${OTHER}', '${OTHER}', false)
        on conflict (id) do nothing;
      create policy "private-docs: read own" on storage.objects for select to authenticated
        using (${ownFolder(BUCKET)} or ${ownFolder(OTHER)});
      create policy "private-docs: add own" on storage.objects for insert to authenticated
        with check (${ownFolder(BUCKET)} or ${ownFolder(OTHER)});
      create policy "private-docs: change own" on storage.objects for update to authenticated
        using (${ownFolder(BUCKET)}) with check (${ownFolder(BUCKET)} or ${ownFolder(OTHER)});
      create policy "private-docs: delete own" on storage.objects for delete to authenticated
        using (${ownFolder(BUCKET)} or ${ownFolder(OTHER)});
    `),
  )
  alice = await storageUser()
  ben = await storageUser()
})

afterAll(async () => {
  await withDatabase((db) =>
    db.query(`
      begin;
      set local storage.allow_delete_query = 'true';
      drop policy "private-docs: read own" on storage.objects;
      drop policy "private-docs: add own" on storage.objects;
      drop policy "private-docs: change own" on storage.objects;
      drop policy "private-docs: delete own" on storage.objects;
      delete from storage.objects where bucket_id in ('${BUCKET}', '${OTHER}');
      delete from storage.buckets where id in ('${BUCKET}', '${OTHER}');
      commit;
    `),
  )
})

async function put(user: StorageUser, key: string, body: Blob = png()) {
  const { error } = await user.client.storage.from(BUCKET).upload(key, body)
  if (error) throw error
}

describe('move and copy', () => {
  it('moves an object within the owner’s folder: the old key is gone, the bytes are under the new one', async () => {
    const from = `${alice.id}/move/from.png`
    const to = `${alice.id}/move/to.png`
    await put(alice, from)
    const { data, error } = await alice.client.storage.from(BUCKET).move(from, to)
    expect(error).toBeNull()
    expect(data?.message).toBe('Successfully moved')
    expect((await alice.client.storage.from(BUCKET).exists(from)).data).toBe(false)
    const moved = await alice.client.storage.from(BUCKET).download(to)
    expect(new Uint8Array(await (moved.data as Blob).arrayBuffer())).toEqual(imageBytes('image/png', 64))
  })

  it('moves across buckets with destinationBucket', async () => {
    const key = `${alice.id}/cross.png`
    await put(alice, key)
    const { error } = await alice.client.storage.from(BUCKET).move(key, key, { destinationBucket: OTHER })
    expect(error).toBeNull()
    expect((await alice.client.storage.from(OTHER).exists(key)).data).toBe(true)
    expect((await alice.client.storage.from(BUCKET).exists(key)).data).toBe(false)
  })

  it('refuses a move into someone else’s folder (403), of an object not visible (404), onto an existing key (409)', async () => {
    const key = `${alice.id}/guarded.png`
    await put(alice, key)
    const intoBen = await alice.client.storage.from(BUCKET).move(key, `${ben.id}/stolen.png`)
    expect(intoBen.error).toMatchObject({ statusCode: '403' })
    const notVisible = await ben.client.storage.from(BUCKET).move(key, `${ben.id}/taken.png`)
    expect(notVisible.error).toMatchObject({ statusCode: '404', message: 'Object not found' })
    await put(alice, `${alice.id}/occupied.png`)
    const occupied = await alice.client.storage.from(BUCKET).move(key, `${alice.id}/occupied.png`)
    expect(occupied.error?.statusCode).toBe('409')
    expect((await alice.client.storage.from(BUCKET).exists(key)).data).toBe(true)
  })

  it('copies an object with its metadata; the source stays', async () => {
    const from = `${alice.id}/copy/source.png`
    const to = `${alice.id}/copy/target.png`
    const { error: upErr } = await alice.client.storage
      .from(BUCKET)
      .upload(from, png(3), { metadata: { room: 'kitchen' } })
    expect(upErr).toBeNull()
    const { data, error } = await alice.client.storage.from(BUCKET).copy(from, to)
    expect(error).toBeNull()
    expect(data?.path).toBe(`${BUCKET}/${to}`)
    const info = await alice.client.storage.from(BUCKET).info(to)
    expect(info.data?.metadata).toEqual({ room: 'kitchen' })
    expect(info.data?.contentType).toBe('image/png')
    expect((await alice.client.storage.from(BUCKET).exists(from)).data).toBe(true)
    const copy = await alice.client.storage.from(BUCKET).download(to)
    expect(new Uint8Array(await (copy.data as Blob).arrayBuffer())).toEqual(imageBytes('image/png', 67))
  })

  it('a copy needs read access to the source and insert access at the destination', async () => {
    const key = `${alice.id}/copy/private.png`
    await put(alice, key)
    const steal = await ben.client.storage.from(BUCKET).copy(key, `${ben.id}/mine-now.png`)
    expect(steal.error?.statusCode).toBe('404')
    const plant = await alice.client.storage.from(BUCKET).copy(key, `${ben.id}/gift.png`)
    expect(plant.error?.statusCode).toBe('403')
  })
})

describe('signed upload URLs', () => {
  it('createSignedUploadUrl then uploadToSignedUrl stores the object with the signer as owner', async () => {
    const key = `${alice.id}/signed/upload.png`
    const { data, error } = await alice.client.storage.from(BUCKET).createSignedUploadUrl(key)
    expect(error).toBeNull()
    expect(data?.signedUrl).toContain(`/storage/v1/object/upload/sign/${BUCKET}/${key}?token=`)
    // Anyone holding the token uploads, without signing in.
    const uploaded = await anonClient()
      .storage.from(BUCKET)
      .uploadToSignedUrl(key, data?.token ?? '', png(5))
    expect(uploaded.error).toBeNull()
    expect(uploaded.data?.path).toBe(key)
    const owner = await withDatabase(async (db) => {
      const { rows } = await db.query(
        'select owner_id from storage.objects where bucket_id = $1 and name = $2',
        [BUCKET, key],
      )
      return rows[0]?.owner_id
    })
    expect(owner).toBe(alice.id)
    const again = await anonClient()
      .storage.from(BUCKET)
      .uploadToSignedUrl(key, data?.token ?? '', png(6))
    expect(again.error?.statusCode).toBe('409')
  })

  it('is refused where the caller could not upload, and for another key than the token names', async () => {
    const refused = await ben.client.storage
      .from(BUCKET)
      .createSignedUploadUrl(`${alice.id}/signed/not-yours.png`)
    expect(refused.error?.statusCode).toBe('403')
    const { data } = await alice.client.storage
      .from(BUCKET)
      .createSignedUploadUrl(`${alice.id}/signed/one.png`)
    const elsewhere = await anonClient()
      .storage.from(BUCKET)
      .uploadToSignedUrl(`${alice.id}/signed/other.png`, data?.token ?? '', png())
    expect(elsewhere.error?.statusCode).toBe('400')
    const forged = await anonClient()
      .storage.from(BUCKET)
      .uploadToSignedUrl(`${alice.id}/signed/one.png`, 'not-a-token', png())
    expect(forged.error?.statusCode).toBe('400')
  })

  it('an upload token does not download, and a download token does not upload', async () => {
    const key = `${alice.id}/signed/scoped.png`
    await put(alice, key)
    const upload = await alice.client.storage
      .from(BUCKET)
      .createSignedUploadUrl(`${alice.id}/signed/scoped-2.png`, { upsert: true })
    const res = await fetch(
      `${inject('apiUrl')}/storage/v1/object/sign/${BUCKET}/${alice.id}/signed/scoped-2.png?token=${upload.data?.token}`,
    )
    expect(res.status).toBe(400)
    const download = await alice.client.storage.from(BUCKET).createSignedUrl(key, 60)
    const token = new URL(download.data?.signedUrl ?? '').searchParams.get('token') ?? ''
    const put2 = await anonClient().storage.from(BUCKET).uploadToSignedUrl(key, token, png())
    expect(put2.error?.statusCode).toBe('400')
  })
})

describe('exists and info', () => {
  it('exists answers true for a visible object and false for a missing or hidden one', async () => {
    const key = `${alice.id}/exists.png`
    await put(alice, key)
    expect((await alice.client.storage.from(BUCKET).exists(key)).data).toBe(true)
    expect((await alice.client.storage.from(BUCKET).exists(`${alice.id}/nope.png`)).data).toBe(false)
    expect((await ben.client.storage.from(BUCKET).exists(key)).data).toBe(false)
  })

  it('info gives size, type, etag and dates of a visible object; NoSuchKey for a hidden one', async () => {
    const key = `${alice.id}/info.png`
    await put(alice, key)
    const { data, error } = await alice.client.storage.from(BUCKET).info(key)
    expect(error).toBeNull()
    expect(data).toMatchObject({ name: key, bucketId: BUCKET, size: 64, contentType: 'image/png' })
    expect(data?.etag).toMatch(/^"[0-9a-f]{32}"$/)
    const hidden = await ben.client.storage.from(BUCKET).info(key)
    expect(hidden.error).toMatchObject({ statusCode: '404' })
  })
})

describe('list v2', () => {
  it('pages through every object under a prefix with a cursor', async () => {
    const prefix = `${alice.id}/v2/`
    for (const name of ['a.png', 'b.png', 'c.png', 'sub/d.png', 'sub/e.png']) await put(alice, prefix + name)
    const storage = alice.client.storage.from(BUCKET)
    const first = await storage.listV2({ prefix, limit: 2 })
    expect(first.error).toBeNull()
    expect(first.data?.hasNext).toBe(true)
    expect(first.data?.objects.map((o) => o.name)).toEqual([`${prefix}a.png`, `${prefix}b.png`])
    const rest = await storage.listV2({ prefix, limit: 10, cursor: first.data?.nextCursor })
    expect(rest.data?.hasNext).toBe(false)
    expect(rest.data?.objects.map((o) => o.name)).toEqual([
      `${prefix}c.png`,
      `${prefix}sub/d.png`,
      `${prefix}sub/e.png`,
    ])
  })

  it('with the delimiter gives the sub-folders and the objects of one level', async () => {
    const prefix = `${alice.id}/v2d/`
    for (const name of ['a.png', 'x/b.png', 'x/c.png', 'y/d.png']) await put(alice, prefix + name)
    const { data } = await alice.client.storage.from(BUCKET).listV2({ prefix, with_delimiter: true })
    expect(data?.folders.map((f) => f.name)).toEqual([`${prefix}x/`, `${prefix}y/`])
    expect(data?.objects.map((o) => o.name)).toEqual([`${prefix}a.png`])
    const paged = await alice.client.storage.from(BUCKET).listV2({ prefix, with_delimiter: true, limit: 2 })
    const next = await alice.client.storage
      .from(BUCKET)
      .listV2({ prefix, with_delimiter: true, limit: 2, cursor: paged.data?.nextCursor })
    expect(next.data?.folders.map((f) => f.name)).toEqual([`${prefix}y/`])
    expect(next.data?.hasNext).toBe(false)
  })

  it('sorts by created_at descending across pages, and shows only what the caller may read', async () => {
    const prefix = `${alice.id}/v2t/`
    for (const name of ['1.png', '2.png', '3.png']) await put(alice, prefix + name)
    const storage = alice.client.storage.from(BUCKET)
    const first = await storage.listV2({ prefix, limit: 2, sortBy: { column: 'created_at', order: 'desc' } })
    const second = await storage.listV2({ prefix, limit: 2, cursor: first.data?.nextCursor })
    expect([...(first.data?.objects ?? []), ...(second.data?.objects ?? [])].map((o) => o.name)).toEqual([
      `${prefix}3.png`,
      `${prefix}2.png`,
      `${prefix}1.png`,
    ])
    const asBen = await ben.client.storage.from(BUCKET).listV2({ prefix })
    expect(asBen.data?.objects).toEqual([])
  })
})

describe('image rendering of private objects', () => {
  const key = () => `${alice.id}/render/photo.jpg`
  beforeAll(async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#36a' } })
      .jpeg()
      .toBuffer()
    await put(alice, key(), new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }))
  })

  it('download with a transform renders for a caller who may read the object (render/image/authenticated)', async () => {
    const { data, error } = await alice.client.storage
      .from(BUCKET)
      .download(key(), { transform: { width: 200, height: 150, resize: 'cover' } })
    expect(error).toBeNull()
    const meta = await sharp(Buffer.from(await (data as Blob).arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 150])
    const hidden = await ben.client.storage.from(BUCKET).download(key(), { transform: { width: 200 } })
    expect(hidden.error).not.toBeNull()
  })

  it('a signed URL with a transform serves the rendition without signing in', async () => {
    const { data, error } = await alice.client.storage
      .from(BUCKET)
      .createSignedUrl(key(), 60, { transform: { width: 300, height: 300, resize: 'contain' } })
    expect(error).toBeNull()
    expect(data?.signedUrl).toContain('/storage/v1/render/image/sign/')
    const res = await fetch(data?.signedUrl ?? '')
    expect(res.status).toBe(200)
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 225])
    // The options are the token's: the query cannot change them.
    const bigger = await fetch(`${data?.signedUrl}&width=2000`)
    expect((await sharp(Buffer.from(await bigger.arrayBuffer())).metadata()).width).toBe(300)
  })

  it('a private object has no public rendition', async () => {
    const url = serviceClient()
      .storage.from(BUCKET)
      .getPublicUrl(key(), { transform: { width: 100 } }).data.publicUrl
    expect((await fetch(url)).status).toBe(400)
  })
})
