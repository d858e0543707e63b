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

create or replace function public.finish_alert_batch(delivery_ids bigint[], error text default NULL::text)
  returns void
  language sql
  set search_path to ''
as $function$
  update public.alert_deliveries
  set sent_at = case when error is null then now() end,
      attempts = attempts + 1,
      last_error = error,
      next_attempt_at = case when error is null then next_attempt_at
        else now() + make_interval(mins => (attempts + 1) * (attempts + 1)) end,
      gave_up_at = case when error is not null and attempts + 1 >= 5 then now() end
  where id = any(delivery_ids);
$function$;

revoke all on function public.finish_alert_batch(delivery_ids bigint[], error text) from public, anon, authenticated, service_role;
grant execute on function public.finish_alert_batch(delivery_ids bigint[], error text) to service_role;
