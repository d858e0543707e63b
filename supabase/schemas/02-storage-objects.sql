-- What Roost adds to storage.objects, which the platform owns: only rows, policies and triggers.

/**
 * ---------------------------------------------------------------------------
 * Row level security on storage.objects
 * ---------------------------------------------------------------------------
 * Upserting uploads need insert, select and update; removing needs delete and
 * select. The first folder of the object's name is its owner's id.
 */
create policy "Listing images are visible to everyone"
  on storage.objects for select to anon, authenticated
  using ((bucket_id = 'listing-images'::text));

create policy "Users can delete listing images in their own folder"
  on storage.objects for delete to authenticated
  using (((bucket_id = 'listing-images'::text) AND ((storage.foldername(name))[1] = ( SELECT (auth.uid())::text AS uid))));

create policy "Users can replace listing images in their own folder"
  on storage.objects for update to authenticated
  using (((bucket_id = 'listing-images'::text) AND ((storage.foldername(name))[1] = ( SELECT (auth.uid())::text AS uid))))
  with check (((bucket_id = 'listing-images'::text) AND ((storage.foldername(name))[1] = ( SELECT (auth.uid())::text AS uid))));

create policy "Users can upload listing images to their own folder"
  on storage.objects for insert to authenticated
  with check (((bucket_id = 'listing-images'::text) AND ((storage.foldername(name))[1] = ( SELECT (auth.uid())::text AS uid))));
