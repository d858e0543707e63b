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

create or replace function public.alert_due_before(mode text, at timestamp with time zone default now())
  returns timestamp with time zone
  language sql
  stable
  set search_path to ''
as $function$
  select case mode
    when 'instant' then at
    when 'daily' then (
      select case when at >= eight then eight end
      from (
        select (date_trunc('day', at at time zone 'Europe/London') + interval '8 hours')
          at time zone 'Europe/London' as eight
      ) as today
    )
  end;
$function$;

revoke all on function public.alert_due_before(mode text, at timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.alert_due_before(mode text, at timestamp with time zone) to service_role;
