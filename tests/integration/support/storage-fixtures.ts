import { randomUUID } from 'node:crypto'
import { signJwt } from '@roost/local-supabase/core/jwt'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { inject } from 'vitest'
import WebSocket from 'ws'
import { withDatabase } from './clients'

/** A public bucket of the tests' own, shaped like listing-images but with a 1 MiB limit. */
export const TEST_BUCKET = 'test-photos'
export const TEST_BUCKET_LIMIT = 1024 * 1024

/** Creates the test bucket and per-user-folder policies on storage.objects, as the app's migrations do. */
export async function createTestBucket(): Promise<void> {
  await withDatabase(async (db) => {
    await db.query(`
      insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
      values ('${TEST_BUCKET}', '${TEST_BUCKET}', true, ${TEST_BUCKET_LIMIT}, array['image/jpeg', 'image/png', 'image/webp'])
      on conflict (id) do nothing;
      create policy "test-photos: anyone reads" on storage.objects for select
        using (bucket_id = '${TEST_BUCKET}');
      create policy "test-photos: owners add to their folder" on storage.objects for insert to authenticated
        with check (bucket_id = '${TEST_BUCKET}' and (storage.foldername(name))[1] = (select auth.uid()::text));
      create policy "test-photos: owners replace in their folder" on storage.objects for update to authenticated
        using (bucket_id = '${TEST_BUCKET}' and (storage.foldername(name))[1] = (select auth.uid()::text))
        with check (bucket_id = '${TEST_BUCKET}' and (storage.foldername(name))[1] = (select auth.uid()::text));
      create policy "test-photos: owners delete in their folder" on storage.objects for delete to authenticated
        using (bucket_id = '${TEST_BUCKET}' and (storage.foldername(name))[1] = (select auth.uid()::text));
    `)
  })
}

export async function dropTestBucket(): Promise<void> {
  await withDatabase(async (db) => {
    await db.query(`
      begin;
      set local storage.allow_delete_query = 'true';
      drop policy if exists "test-photos: anyone reads" on storage.objects;
      drop policy if exists "test-photos: owners add to their folder" on storage.objects;
      drop policy if exists "test-photos: owners replace in their folder" on storage.objects;
      drop policy if exists "test-photos: owners delete in their folder" on storage.objects;
      delete from storage.objects where bucket_id = '${TEST_BUCKET}';
      delete from storage.buckets where id = '${TEST_BUCKET}';
      commit;
    `)
  })
}

export type StorageUser = { id: string; token: string; client: SupabaseClient }

/** A supabase-js client whose requests carry `token`, as a signed-in browser's would. */
export function clientWithToken(token: string): SupabaseClient {
  return createClient(inject('apiUrl'), inject('anonKey'), {
    accessToken: async () => token,
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

/**
 * A user row plus an access token shaped like Supabase Auth's, so storage tests depend on storage only.
 * `expiresIn` below zero gives an expired token.
 */
export async function storageUser(expiresIn = 3600): Promise<StorageUser> {
  const id = randomUUID()
  const email = `storage-${id.slice(0, 8)}@example.com`
  await withDatabase((db) =>
    db.query(
      `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
               '{"provider":"email","providers":["email"]}', '{"name":"Storage Tester"}', now(), now())`,
      [id, email],
    ),
  )
  const iat = Math.floor(Date.now() / 1000)
  const token = await signJwt(
    { sub: id, aud: 'authenticated', role: 'authenticated', email, iat, exp: iat + expiresIn },
    inject('jwtSecret'),
  )
  return { id, token, client: clientWithToken(token) }
}

const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/webp': [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
}

/**
 * `size` bytes that Storage recognises as `type` (they start with its signature; the rest is a pattern),
 * or `tail` after the signature: uploads are checked against the bytes, not the declared type.
 */
export function imageBytes(
  type: keyof typeof SIGNATURES,
  size = 64,
  tail?: Uint8Array,
): Uint8Array<ArrayBuffer> {
  const signature = SIGNATURES[type] ?? []
  if (tail) return new Uint8Array([...signature, ...tail])
  const bytes = new Uint8Array(size).map((_, i) => (i * 7) % 256)
  bytes.set(signature.slice(0, size))
  return bytes
}
