-- A listing's bookable times: live, at least an hour ahead, not taken. Anyone may read them.

create or replace function public.open_viewing_slots(listing_id uuid)
  returns table(id uuid, starts_at timestamp with time zone, minutes integer, confirm_each boolean)
  language sql
  stable security definer
  set search_path to ''
as $function$
  select s.id, s.starts_at, s.minutes, s.confirm_each
  from public.viewing_slots as s
  join public.listings as l on l.id = s.listing_id and l.status = 'available'
  where s.listing_id = open_viewing_slots.listing_id
    and s.removed_at is null
    and s.starts_at >= now() + interval '1 hour'
    and not exists (
      select 1 from public.viewing_bookings as b
      where b.slot_id = s.id and b.status in ('requested', 'booked')
    )
  order by s.starts_at
  limit 40;
$function$;

revoke all on function public.open_viewing_slots(listing_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.open_viewing_slots(listing_id uuid) to anon;
grant execute on function public.open_viewing_slots(listing_id uuid) to authenticated;
grant execute on function public.open_viewing_slots(listing_id uuid) to service_role;
