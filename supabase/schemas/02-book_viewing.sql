/**
 * Books a slot for the caller: `booked` when the slot books instantly, else `requested`. The slot's row
 * is locked, so of two at once the second sees the first's booking; the unique index stands behind it.
 * A repeat with the same booking_id returns the booking it made.
 */

create or replace function public.book_viewing(slot_id uuid, booking_id uuid default NULL::uuid)
  returns table(id uuid, status text, starts_at timestamp with time zone, ends_at timestamp with time zone)
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  me uuid := auth.uid();
  slot public.viewing_slots;
  booking public.viewing_bookings;
  listing_status text;
begin
  if me is null then
    raise exception 'Sign in to book a viewing' using errcode = '42501';
  end if;
  if book_viewing.booking_id is not null then
    select * into booking from public.viewing_bookings as b
    where b.id = book_viewing.booking_id and b.hunter_id = me;
    if booking.id is not null then
      return query select booking.id, booking.status, booking.starts_at, booking.ends_at;
      return;
    end if;
  end if;

  select * into slot from public.viewing_slots as s where s.id = book_viewing.slot_id for update;
  select l.status into listing_status from public.listings as l where l.id = slot.listing_id;
  if slot.id is null or slot.removed_at is not null or listing_status is distinct from 'available'
     or slot.starts_at <= now() then
    raise exception 'That time is no longer offered: pick another' using errcode = 'VW002';
  end if;
  if slot.landlord_id = me then
    raise exception 'This is your own listing' using errcode = 'VW006';
  end if;
  if slot.starts_at < now() + interval '1 hour' then
    raise exception 'Viewings are booked at least 1 hour ahead' using errcode = 'VW003';
  end if;
  if exists (
    select 1 from public.viewing_bookings as b
    where b.slot_id = slot.id and b.status in ('requested', 'booked')
  ) then
    raise exception 'That time was just taken: pick another' using errcode = 'VW001';
  end if;

  -- One hunter's bookings are counted one at a time, so two at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('viewing_bookings:' || me::text, 0));
  if (
    select count(*) from public.viewing_bookings as b
    where b.hunter_id = me and b.listing_id = slot.listing_id
      and b.status in ('requested', 'booked') and b.starts_at > now()
  ) >= 3 then
    raise exception 'You can hold up to 3 upcoming viewings of one home' using errcode = 'VW004';
  end if;
  if (
    select count(*) from public.viewing_bookings as b
    where b.hunter_id = me and b.status in ('requested', 'booked') and b.starts_at > now()
  ) >= 10 then
    raise exception 'You can hold up to 10 upcoming viewings' using errcode = 'VW005';
  end if;

  begin
    insert into public.viewing_bookings
      (id, slot_id, listing_id, hunter_id, landlord_id, starts_at, ends_at, status)
    values (
      coalesce(book_viewing.booking_id, gen_random_uuid()), slot.id, slot.listing_id, me, slot.landlord_id,
      slot.starts_at, slot.ends_at, case when slot.confirm_each then 'requested' else 'booked' end
    )
    returning * into booking;
  exception when unique_violation then
    raise exception 'That time was just taken: pick another' using errcode = 'VW001';
  end;

  if booking.status = 'booked' then
    perform public.queue_viewing_reminders(booking);
    perform public.post_viewing_line(booking, me, 'Viewing booked for ' || public.viewing_time_text(booking.starts_at));
  else
    insert into public.viewing_reminders (booking_id, recipient_id, kind)
    values (booking.id, booking.landlord_id, 'request')
    on conflict on constraint viewing_reminders_once do nothing;
    perform public.post_viewing_line(
      booking, me, 'Viewing requested for ' || public.viewing_time_text(booking.starts_at)
    );
  end if;
  return query select booking.id, booking.status, booking.starts_at, booking.ends_at;
end;
$function$;

revoke all on function public.book_viewing(slot_id uuid, booking_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.book_viewing(slot_id uuid, booking_id uuid) to authenticated;
grant execute on function public.book_viewing(slot_id uuid, booking_id uuid) to service_role;
