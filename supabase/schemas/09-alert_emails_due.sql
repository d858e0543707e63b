/**
 * ---------------------------------------------------------------------------
 * Alert emails due (the email sender's side of the queue, service role only)
 * ---------------------------------------------------------------------------
 * Saved searches with alert emails to send now: email on and not stopped, the
 * search's `alerts` in this mode (daily: queued before today's 08:00 London),
 * no email to it in the last hour, and its person under 20 emails in the last
 * day. `part` of `parts` splits the searches by a hash of their id, so several
 * senders at once each take their own.
 */

create or replace function public.alert_emails_due(mode text, batch_limit integer default 100, part integer default 0, parts integer default 1)
  returns table(saved_search_id uuid)
  language sql
  stable
  set search_path to ''
as $function$
  with pending as (
    select e.saved_search_id, e.user_id, min(e.created_at) as first_at
    from public.alert_emails as e
    where e.sent_at is null
      and e.gave_up_at is null
      and e.next_attempt_at <= now()
      and e.created_at < public.alert_due_before(mode)
      and (parts <= 1 or abs(hashtext(e.saved_search_id::text)) % parts = part)
    group by e.saved_search_id, e.user_id
  )
  select p.saved_search_id
  from pending as p
  join public.saved_searches as s on s.id = p.saved_search_id
  join public.saved_search_channels as c on c.saved_search_id = p.saved_search_id
  where s.alerts = mode
    and c.email and c.email_stopped is null
    and not exists (select from public.alert_email_sends as x
                    where x.saved_search_id = p.saved_search_id and x.sent_at > now() - interval '1 hour')
    and (select count(*) from public.alert_email_sends as x
         where x.user_id = p.user_id and x.sent_at > now() - interval '1 day') < 20
  order by p.first_at
  limit batch_limit;
$function$;

revoke all on function public.alert_emails_due(mode text, batch_limit integer, part integer, parts integer) from public, anon, authenticated, service_role;
grant execute on function public.alert_emails_due(mode text, batch_limit integer, part integer, parts integer) to service_role;
