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

create or replace function public.alert_batches_due(mode text, batch_limit integer default 100)
  returns table(saved_search_id uuid)
  language sql
  stable
  set search_path to ''
as $function$
  select d.saved_search_id
  from public.alert_deliveries as d
  join public.saved_searches as s on s.id = d.saved_search_id
  where d.sent_at is null
    and d.gave_up_at is null
    and d.next_attempt_at <= now()
    and s.alerts = mode
    and d.created_at < public.alert_due_before(mode)
  group by d.saved_search_id
  order by min(d.created_at)
  limit batch_limit;
$function$;

revoke all on function public.alert_batches_due(mode text, batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.alert_batches_due(mode text, batch_limit integer) to service_role;
