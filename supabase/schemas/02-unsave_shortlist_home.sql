-- A home removed from a shortlist (by any member) is no longer saved by any of its members.
create or replace function public.unsave_shortlist_home()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  delete from public.saved_listings as s
  using public.shortlist_members as m
  where m.shortlist_id = old.shortlist_id and s.user_id = m.user_id and s.listing_id = old.listing_id;
  return null;
end;
$function$;

revoke all on function public.unsave_shortlist_home() from public, anon, authenticated, service_role;
