/**
 * ---------------------------------------------------------------------------
 * A listing leaves the market: its open requests are cancelled
 * ---------------------------------------------------------------------------
 * Under offer, let agreed, let, sold subject to contract or sold: each request
 * still waiting for the landlord is cancelled with a line from the landlord.
 * Booked viewings stay (the landlord cancels them if they wish).
 */

create or replace function public.cancel_viewing_requests_off_market()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings;
begin
  for booking in
    update public.viewing_bookings as b
    set status = 'cancelled', cancelled_by = b.landlord_id, updated_at = now()
    where b.listing_id = new.id and b.status = 'requested'
    returning b.*
  loop
    perform public.drop_viewing_reminders(booking.id);
    perform public.post_viewing_line(
      booking, booking.landlord_id,
      'Viewing request cancelled for ' || public.viewing_time_text(booking.starts_at)
        || ': the home is now ' || replace(replace(new.status, '_stc', ' subject to contract'), '_', ' ')
    );
  end loop;
  return null;
end;
$function$;

revoke all on function public.cancel_viewing_requests_off_market() from public, anon, authenticated, service_role;
