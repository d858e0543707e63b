/**
 * The hunter tells the landlord they are running late: a message in the listing's conversation, with the
 * client's message id, so a repeat from the outbox is taken once. Returns the message's id.
 */

create or replace function public.viewing_running_late(booking_id uuid, message_id uuid, minutes integer)
  returns uuid
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings := public.my_live_viewing(viewing_running_late.booking_id);
  conversation uuid;
begin
  if booking.hunter_id <> auth.uid() or booking.status <> 'booked' then
    raise exception 'This viewing can no longer change' using errcode = 'VW022';
  end if;
  if minutes is null or minutes not between 1 and 120 then
    raise exception 'Say how late, from 1 to 120 minutes' using errcode = '22023';
  end if;
  select c.id into conversation from public.conversations as c
  where c.listing_id = booking.listing_id and c.hunter_id = booking.hunter_id;
  if conversation is null then
    insert into public.conversations (listing_id, hunter_id, landlord_id)
    values (booking.listing_id, booking.hunter_id, booking.landlord_id)
    on conflict on constraint conversations_one_per_listing do nothing
    returning id into conversation;
  end if;
  insert into public.messages (id, conversation_id, sender_id, body)
  values (
    viewing_running_late.message_id, conversation, booking.hunter_id,
    'Running late for the viewing at ' || to_char(booking.starts_at at time zone 'Europe/London', 'HH24:MI')
      || ': about ' || minutes || ' minutes'
  )
  on conflict (id) do nothing;
  return viewing_running_late.message_id;
end;
$function$;

revoke all on function public.viewing_running_late(booking_id uuid, message_id uuid, minutes integer) from public, anon, authenticated, service_role;
grant execute on function public.viewing_running_late(booking_id uuid, message_id uuid, minutes integer) to authenticated;
grant execute on function public.viewing_running_late(booking_id uuid, message_id uuid, minutes integer) to service_role;
