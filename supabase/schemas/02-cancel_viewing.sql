/**
 * Cancels a booking or request of the caller's (either side). Idempotent: the device's outbox may send a
 * cancellation twice. One that arrives after the slot started is kept and marked late.
 */

create or replace function public.cancel_viewing(booking_id uuid)
  returns table(status text, cancelled_late boolean)
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings := public.my_live_viewing(cancel_viewing.booking_id);
begin
  if booking.status = 'cancelled' then
    return query select booking.status, booking.cancelled_late;
    return;
  end if;
  if booking.status = 'declined' then
    raise exception 'This viewing can no longer change' using errcode = 'VW022';
  end if;
  update public.viewing_bookings as b
  set status = 'cancelled', cancelled_by = auth.uid(), cancelled_late = now() >= b.starts_at, updated_at = now()
  where b.id = booking.id returning * into booking;
  perform public.drop_viewing_reminders(booking.id);
  perform public.post_viewing_line(
    booking, auth.uid(),
    case when booking.cancelled_late then 'Viewing cancelled late for ' else 'Viewing cancelled for ' end
      || public.viewing_time_text(booking.starts_at)
  );
  return query select booking.status, booking.cancelled_late;
end;
$function$;

revoke all on function public.cancel_viewing(booking_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.cancel_viewing(booking_id uuid) to authenticated;
grant execute on function public.cancel_viewing(booking_id uuid) to service_role;
