/** A listing's side of match_flags: the bits of what it has. */

create or replace function public.listing_search_flags(parking boolean, furnished boolean, offer boolean, status text)
  returns smallint
  language sql
  immutable parallel safe
  set search_path to ''
RETURN ((((CASE WHEN parking THEN 1 ELSE 0 END | CASE WHEN furnished THEN 2 ELSE 0 END) | CASE WHEN offer THEN 4 ELSE 0 END) | CASE WHEN (status = 'available'::text) THEN 8 ELSE 0 END))::smallint;

revoke all on function public.listing_search_flags(parking boolean, furnished boolean, offer boolean, status text) from public, anon, authenticated, service_role;
grant execute on function public.listing_search_flags(parking boolean, furnished boolean, offer boolean, status text) to service_role;
