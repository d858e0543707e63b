/**
 * True when every address is a plain http(s) URL of at most 1024 characters
 * (a host, a path of ordinary segments, no query, fragment, quotes, spaces or
 * `..`), and any Storage object URL among them is a public object of the
 * listing-images bucket in the owner's folder.
 */

create or replace function public.listing_image_urls_valid(urls text[], owner uuid)
  returns boolean
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select coalesce(bool_and(
    char_length(url) <= 1024
    and url ~ '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9_~-][A-Za-z0-9._~%+=@-]*)+$'
    and (
      url !~ '/storage/v1/'
      or url ~ ('^https?://[^/]+/storage/v1/object/public/listing-images/' || owner::text || '(/[^/]+){2,}$')
    )
  ), true)
  from unnest(urls) as url
$function$;

comment on function public.listing_image_urls_valid(urls text[], owner uuid) is 'True when each URL is a plain http(s) address and any Storage URL is a listing-images object in the owner''s folder.';

revoke all on function public.listing_image_urls_valid(urls text[], owner uuid) from public, anon, authenticated, service_role;
grant execute on function public.listing_image_urls_valid(urls text[], owner uuid) to anon;
grant execute on function public.listing_image_urls_valid(urls text[], owner uuid) to authenticated;
grant execute on function public.listing_image_urls_valid(urls text[], owner uuid) to service_role;
