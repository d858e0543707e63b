/**
 * ---------------------------------------------------------------------------
 * Listings: names and addresses are visible text; images are the owner's objects
 * ---------------------------------------------------------------------------
 * Spec §5 and the listing form mean text a person can read: a name of ten
 * spaces, or of ten zero-width spaces, is not a name, and an address of only
 * whitespace is not an address. Images are public objects of the
 * `listing-images` bucket in the owner's folder (`<user_ref>/<listing>/<file>`),
 * on whichever host serves the project's Storage (the local stack, or
 * https://<ref>.supabase.co): never `javascript:`, `""`, a megabyte of text, or
 * an object in someone else's folder. Addresses outside Storage must still be
 * plain http(s) URLs.
 *
 * The constraints are NOT VALID: every insert and update is checked, while rows
 * written before them stay readable until they are next edited.
 */

/**
 * The text a reader sees: zero-width and other invisible format characters
 * removed wherever they are, then whitespace (any Unicode space) trimmed from
 * both ends.
 */
create or replace function public.visible_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(
    regexp_replace(
      value,
      '[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]',
      '',
      'g'
    ),
    '^[\s\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u2800\u3000]+|[\s\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u2800\u3000]+$',
    '',
    'g'
  )
$$;

comment on function public.visible_text(text) is
  'The text a reader sees: invisible format characters removed, Unicode whitespace trimmed.';

/**
 * True when every address is a plain http(s) URL of at most 1024 characters
 * (a host, a path of ordinary segments, no query, fragment, quotes, spaces or
 * `..`), and any Storage object URL among them is a public object of the
 * listing-images bucket in the owner's folder.
 */
create or replace function public.listing_image_urls_valid(urls text[], owner uuid)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(bool_and(
    char_length(url) <= 1024
    and url ~ '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9_~-][A-Za-z0-9._~%+=@-]*)+$'
    and (
      url !~ '/storage/v1/'
      or url ~ ('^https?://[^/]+/storage/v1/object/public/listing-images/' || owner::text || '(/[^/]+){2,}$')
    )
  ), true)
  from unnest(urls) as url
$$;

comment on function public.listing_image_urls_valid(text[], uuid) is
  'True when each URL is a plain http(s) address and any Storage URL is a listing-images object in the owner''s folder.';

revoke execute on function public.visible_text(text) from public;
revoke execute on function public.listing_image_urls_valid(text[], uuid) from public;
grant execute on function public.visible_text(text) to anon, authenticated, service_role;
grant execute on function public.listing_image_urls_valid(text[], uuid) to anon, authenticated, service_role;

alter table public.listings
  add constraint listings_name_visible
    check (char_length(public.visible_text(name)) >= 10) not valid,
  add constraint listings_location_visible
    check (char_length(public.visible_text(location)) >= 1) not valid,
  add constraint listings_location_length
    check (char_length(location) <= 300) not valid,
  add constraint listings_image_urls_valid
    check (public.listing_image_urls_valid(image_urls, user_ref)) not valid;
