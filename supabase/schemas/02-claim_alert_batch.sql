/**
 * ---------------------------------------------------------------------------
 * The sender's side of the queue (service role only)
 * ---------------------------------------------------------------------------
 * alert_batches_due(mode): the saved searches with something to send now.
 * Instant: every pending delivery of an instant search. Daily: once London
 * time has passed 08:00, the deliveries of daily searches queued before
 * today's 08:00, so each search gets at most one digest a day, and none when
 * nothing is new.
 *
 * claim_alert_batch(search, mode): in the caller's transaction, locks the
 * search's due deliveries (`for update skip locked`: a concurrent sender
 * skips them) and returns them with what the push says. Homes the person has
 * seen since (published before they last opened the search) are marked sent
 * without a push.
 *
 * finish_alert_batch(ids, error): marks the deliveries sent, or records a
 * failed attempt: retried after 1, 4, 9, 16 minutes, given up at the 5th.
 */

create or replace function public.claim_alert_batch(search_id uuid, mode text)
  returns table(delivery_id bigint, user_id uuid, search_name text, params jsonb, listing_id uuid, listing_name text, listing_created_at timestamp with time zone, attempts integer)
  language plpgsql
  set search_path to ''
as $function$
declare
  opened timestamptz;
begin
  select s.last_opened_at into opened
  from public.saved_searches as s
  where s.id = search_id and s.alerts = mode;
  if not found then
    return;
  end if;
  return query
  with claimed as (
    select d.id, d.user_id, d.listing_id, d.attempts
    from public.alert_deliveries as d
    where d.saved_search_id = search_id
      and d.sent_at is null
      and d.gave_up_at is null
      and d.next_attempt_at <= now()
      and d.created_at < public.alert_due_before(mode)
    for update of d skip locked
  ),
  seen as (
    update public.alert_deliveries as d
    set sent_at = now(), last_error = 'seen in the app before it was sent'
    from claimed as c
    join public.listings as l on l.id = c.listing_id
    where d.id = c.id and l.created_at <= opened
    returning d.id
  )
  select c.id, c.user_id, s.name, s.params, l.id, l.name, l.created_at, c.attempts
  from claimed as c
  join public.listings as l on l.id = c.listing_id
  join public.saved_searches as s on s.id = search_id
  where c.id not in (select seen.id from seen)
  order by l.created_at desc, l.id desc;
end;
$function$;

revoke all on function public.claim_alert_batch(search_id uuid, mode text) from public, anon, authenticated, service_role;
grant execute on function public.claim_alert_batch(search_id uuid, mode text) to service_role;
