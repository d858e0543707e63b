-- A booked viewing owes each side a reminder 2 hours before.

create or replace function public.queue_viewing_reminders(booking viewing_bookings)
  returns void
  language sql
  security definer
  set search_path to ''
as $function$
  insert into public.viewing_reminders (booking_id, recipient_id, kind, next_attempt_at)
  select booking.id, person, 'reminder', booking.starts_at - interval '2 hours'
  from unnest(array[booking.hunter_id, booking.landlord_id]) as person
  on conflict on constraint viewing_reminders_once do nothing;
$function$;

revoke all on function public.queue_viewing_reminders(booking viewing_bookings) from public, anon, authenticated, service_role;
