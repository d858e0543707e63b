/**
 * ---------------------------------------------------------------------------
 * The reminder queue's sender (send-alerts/viewings.ts)
 * ---------------------------------------------------------------------------
 * Claims due rows (`for update skip locked`, held until the caller's
 * transaction ends) with what the push says. A row whose booking is no longer
 * live is claimed too and settled without a push.
 */

create or replace function public.claim_viewing_reminders(batch_limit integer default 50)
  returns table(reminder_id bigint, recipient_id uuid, kind text, booking_id uuid, live boolean, time_text text, clock text, location text, listing_name text, hunter_name text, attempts integer)
  language sql
  set search_path to ''
as $function$
  with due as (
    select q.id, q.booking_id, q.recipient_id, q.kind, q.attempts
    from public.viewing_reminders as q
    where q.sent_at is null and q.next_attempt_at <= now()
    order by q.next_attempt_at, q.id
    limit batch_limit
    for update skip locked
  )
  select due.id, due.recipient_id, due.kind, b.id,
         b.status = case when due.kind = 'request' then 'requested' else 'booked' end and b.ends_at > now(),
         public.viewing_time_text(b.starts_at),
         to_char(b.starts_at at time zone 'Europe/London', 'HH24:MI'),
         l.location, l.name, p.name, due.attempts
  from due
  join public.viewing_bookings as b on b.id = due.booking_id
  join public.listings as l on l.id = b.listing_id
  left join public.profiles as p on p.id = b.hunter_id
  order by due.id;
$function$;

revoke all on function public.claim_viewing_reminders(batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_viewing_reminders(batch_limit integer) to service_role;
