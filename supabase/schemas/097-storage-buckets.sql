-- What Roost adds to storage.buckets, which the platform owns: only rows, policies and triggers.

insert into storage.buckets (id, name, public, avif_autodetection, file_size_limit, allowed_mime_types, type) values
  ('listing-images', 'listing-images', 'true', 'false', '5242880', '{image/jpeg,image/png,image/webp}', 'STANDARD')
on conflict ("id") do nothing;
