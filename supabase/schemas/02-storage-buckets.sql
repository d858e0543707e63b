-- What Roost adds to storage.buckets, which the platform owns: only rows, policies and triggers.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('listing-images', 'listing-images', true, 5242880, '{image/jpeg,image/png,image/webp}')
on conflict (id) do nothing;
