/**
 * ---------------------------------------------------------------------------
 * Listing images
 * ---------------------------------------------------------------------------
 * Photos of listings, public to read (they are shown to everyone and cached
 * offline), stored as `<user id>/<listing id>/<file>`. A user writes and
 * deletes only under their own id's folder; the service role bypasses RLS.
 * Created here as well as in config.toml so hosted projects get the same
 * bucket. Deleting a listing's photos is the app's job, through the Storage
 * API: Storage refuses direct deletes from storage.objects.
 */

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('listing-images', 'listing-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

/**
 * ---------------------------------------------------------------------------
 * Row level security on storage.objects
 * ---------------------------------------------------------------------------
 * Upserting uploads need insert, select and update; removing needs delete and
 * select. The first folder of the object's name is its owner's id.
 */

create policy "Listing images are visible to everyone"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'listing-images');

create policy "Users can upload listing images to their own folder"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'listing-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

create policy "Users can replace listing images in their own folder"
  on storage.objects for update to authenticated
  using (
    bucket_id = 'listing-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  )
  with check (
    bucket_id = 'listing-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );

create policy "Users can delete listing images in their own folder"
  on storage.objects for delete to authenticated
  using (
    bucket_id = 'listing-images'
    and (storage.foldername(name))[1] = (select auth.uid()::text)
  );
