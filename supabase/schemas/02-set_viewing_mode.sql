-- Book instantly (false) or confirm each request (true), for the listing's open and later-added times.

create or replace function public.set_viewing_mode(listing_id uuid, confirm_each boolean)
  returns integer
  language sql
  set search_path to ''
as $function$
  with changed as (
    update public.viewing_slots as s
    set confirm_each = set_viewing_mode.confirm_each
    where s.listing_id = set_viewing_mode.listing_id and s.landlord_id = (select auth.uid())
      and s.removed_at is null and s.starts_at > now()
    returning 1
  )
  select count(*)::integer from changed;
$function$;

revoke all on function public.set_viewing_mode(listing_id uuid, confirm_each boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_viewing_mode(listing_id uuid, confirm_each boolean) to authenticated;
grant execute on function public.set_viewing_mode(listing_id uuid, confirm_each boolean) to service_role;
