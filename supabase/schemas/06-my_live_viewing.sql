-- The caller's live booking, locked; a clear refusal when it is someone else's or no longer live.

create or replace function public.my_live_viewing(booking_id uuid)
  returns viewing_bookings
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings;
begin
  select * into booking from public.viewing_bookings as b where b.id = my_live_viewing.booking_id for update;
  if booking.id is null or auth.uid() is null or auth.uid() not in (booking.hunter_id, booking.landlord_id) then
    raise exception 'You can only change your own viewings' using errcode = 'VW020';
  end if;
  return booking;
end;
$function$;

revoke all on function public.my_live_viewing(booking_id uuid) from public, anon, authenticated, service_role;
