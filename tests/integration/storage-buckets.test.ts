import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, withDatabase } from './support/clients'
import { imageBytes, type StorageUser, storageUser } from './support/storage-fixtures'

/** Buckets these tests make start with this, so they are told apart and cleaned up. */
const PREFIX = 'bucket-api-'
const newBucket = () => `${PREFIX}${randomUUID().slice(0, 8)}`

let alice: StorageUser
let ben: StorageUser

beforeAll(async () => {
  alice = await storageUser()
  ben = await storageUser()
  // Signed-in users may create buckets named after themselves and see, change and delete their own.
  await withDatabase((db) =>
    db.query(`
      create policy "bucket-api: users create their buckets" on storage.buckets for insert to authenticated
        with check (name like '${PREFIX}%' and owner_id = (select auth.uid()::text));
      create policy "bucket-api: users see their buckets" on storage.buckets for select to authenticated
        using (owner_id = (select auth.uid()::text));
      create policy "bucket-api: users change their buckets" on storage.buckets for update to authenticated
        using (owner_id = (select auth.uid()::text)) with check (owner_id = (select auth.uid()::text));
      create policy "bucket-api: users delete their buckets" on storage.buckets for delete to authenticated
        using (owner_id = (select auth.uid()::text));
      create policy "bucket-api: anyone writes objects" on storage.objects for insert
        with check (bucket_id like '${PREFIX}%');
    `),
  )
})

afterAll(async () => {
  await withDatabase((db) =>
    db.query(`
      begin;
      set local storage.allow_delete_query = 'true';
      drop policy "bucket-api: users create their buckets" on storage.buckets;
      drop policy "bucket-api: users see their buckets" on storage.buckets;
      drop policy "bucket-api: users change their buckets" on storage.buckets;
      drop policy "bucket-api: users delete their buckets" on storage.buckets;
      drop policy "bucket-api: anyone writes objects" on storage.objects;
      delete from storage.objects where bucket_id like '${PREFIX}%';
      delete from storage.buckets where id like '${PREFIX}%';
      commit;
    `),
  )
})

describe('bucket API as the service role', () => {
  it('creates, gets, lists, updates and deletes a bucket', async () => {
    const storage = serviceClient().storage
    const id = newBucket()
    const created = await storage.createBucket(id, {
      public: true,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/png', 'image/jpeg'],
    })
    expect(created.error).toBeNull()
    expect(created.data).toEqual({ name: id })

    const got = await storage.getBucket(id)
    expect(got.data).toMatchObject({
      id,
      name: id,
      public: true,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['image/png', 'image/jpeg'],
    })
    const listed = await storage.listBuckets()
    expect(listed.data?.map((b) => b.id)).toContain(id)
    const searched = await storage.listBuckets({ search: id.slice(-8) })
    expect(searched.data?.map((b) => b.id)).toEqual([id])

    const updated = await storage.updateBucket(id, {
      public: false,
      fileSizeLimit: null,
      allowedMimeTypes: null,
    })
    expect(updated.error).toBeNull()
    expect(updated.data).toEqual({ message: 'Successfully updated' })
    expect((await storage.getBucket(id)).data).toMatchObject({
      public: false,
      file_size_limit: null,
      allowed_mime_types: null,
    })

    const deleted = await storage.deleteBucket(id)
    expect(deleted.data).toEqual({ message: 'Successfully deleted' })
    const gone = await storage.getBucket(id)
    expect(gone.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
  })

  it('refuses a duplicate (409), a bad name, a bad size and a limit over the global one', async () => {
    const storage = serviceClient().storage
    const id = newBucket()
    await storage.createBucket(id)
    const again = await storage.createBucket(id)
    expect(again.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The resource already exists',
    })
    const badName = await storage.createBucket('no/slashes')
    expect(badName.error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' })
    const badSize = await storage.createBucket(newBucket(), { public: false, fileSizeLimit: 'huge' })
    expect(badSize.error?.statusCode).toBe('400')
    const tooBig = await storage.createBucket(newBucket(), { public: false, fileSizeLimit: '1GB' })
    expect(tooBig.error?.statusCode).toBe('413')
    const badType = await storage.createBucket(newBucket(), {
      public: false,
      allowedMimeTypes: ['not a type'],
    })
    expect(badType.error?.statusCode).toBe('415')
  })

  it('a bucket with objects is not deleted (409 ResourceNotEmpty) until emptied', async () => {
    const storage = serviceClient().storage
    const id = newBucket()
    await storage.createBucket(id)
    for (const key of ['a.png', 'folder/b.png']) {
      const { error } = await storage
        .from(id)
        .upload(key, new Blob([imageBytes('image/png')], { type: 'image/png' }))
      expect(error).toBeNull()
    }
    const refused = await storage.deleteBucket(id)
    expect(refused.error).toMatchObject({
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    })
    const emptied = await storage.emptyBucket(id)
    expect(emptied.error).toBeNull()
    expect((await storage.from(id).list()).data).toEqual([])
    expect((await storage.deleteBucket(id)).error).toBeNull()
  })

  it('an unknown bucket is NoSuchBucket for get, update, empty and delete', async () => {
    const storage = serviceClient().storage
    for (const result of [
      await storage.getBucket('bucket-api-missing'),
      await storage.updateBucket('bucket-api-missing', { public: true }),
      await storage.emptyBucket('bucket-api-missing'),
      await storage.deleteBucket('bucket-api-missing'),
    ]) {
      expect(result.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })
    }
  })
})

describe('bucket API under the policies on storage.buckets', () => {
  it('the anon key may not create buckets (no policy lets it): 403 AccessDenied', async () => {
    const { error } = await anonClient().storage.createBucket(newBucket())
    expect(error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
  })

  it('a user creates a bucket the policy allows, as its owner, and sees only their own', async () => {
    const id = newBucket()
    const created = await alice.client.storage.createBucket(id)
    expect(created.error).toBeNull()
    const owner = await withDatabase(async (db) => {
      const { rows } = await db.query('select owner_id from storage.buckets where id = $1', [id])
      return rows[0]?.owner_id
    })
    expect(owner).toBe(alice.id)
    expect((await alice.client.storage.listBuckets()).data?.map((b) => b.id)).toContain(id)
    expect((await ben.client.storage.listBuckets()).data?.map((b) => b.id)).not.toContain(id)
    expect((await ben.client.storage.getBucket(id)).error?.statusCode).toBe('404')
    const notTheirs = await alice.client.storage.createBucket('someone-elses-name')
    expect(notTheirs.error?.statusCode).toBe('403')
  })

  it('another user can neither change nor delete it; the owner can', async () => {
    const id = newBucket()
    await alice.client.storage.createBucket(id)
    expect((await ben.client.storage.updateBucket(id, { public: true })).error?.statusCode).toBe('404')
    expect((await ben.client.storage.deleteBucket(id)).error?.statusCode).toBe('404')
    expect((await alice.client.storage.updateBucket(id, { public: true })).error).toBeNull()
    expect((await alice.client.storage.deleteBucket(id)).error).toBeNull()
  })
})
