/** A listing's places, from its position (place_ids_at), whenever the position is written. */

create or replace function public.set_listing_place_ids()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  new.place_ids := public.place_ids_at(new.latitude, new.longitude);
  return new;
end;
$function$;

revoke all on function public.set_listing_place_ids() from public, anon, authenticated, service_role;
