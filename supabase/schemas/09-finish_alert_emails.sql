/**
 * ---------------------------------------------------------------------------
 * Finishing alert emails (service role only)
 * ---------------------------------------------------------------------------
 * Marks the rows sent and counts the email; or records a failed attempt
 * (retried after 1, 4, 9, 16 minutes, given up at the 5th); a bounce gives them
 * up and turns the search's email alerts off, saying why.
 */

create or replace function public.finish_alert_emails(delivery_ids bigint[], error text default null, bounced boolean default false)
  returns void
  language plpgsql
  set search_path to ''
as $function$
declare
  search uuid;
  owner uuid;
begin
  select e.saved_search_id, e.user_id into search, owner
  from public.alert_emails as e where e.id = any(delivery_ids) limit 1;
  if not found then
    return;
  end if;
  if error is null then
    update public.alert_emails as e set sent_at = now(), attempts = e.attempts + 1, last_error = null
    where e.id = any(delivery_ids);
    delete from public.alert_email_sends as x where x.user_id = owner and x.sent_at < now() - interval '1 day';
    insert into public.alert_email_sends (user_id, saved_search_id) values (owner, search);
  elsif bounced then
    update public.alert_emails as e set attempts = e.attempts + 1, last_error = error, gave_up_at = now()
    where e.id = any(delivery_ids);
    update public.saved_search_channels as c
    set email = false, email_stopped = 'bounced', email_stopped_at = now()
    where c.saved_search_id = search;
  else
    update public.alert_emails as e
    set attempts = e.attempts + 1, last_error = error,
        next_attempt_at = now() + make_interval(mins => (e.attempts + 1) * (e.attempts + 1)),
        gave_up_at = case when e.attempts + 1 >= 5 then now() end
    where e.id = any(delivery_ids);
  end if;
end;
$function$;

revoke all on function public.finish_alert_emails(delivery_ids bigint[], error text, bounced boolean) from public, anon, authenticated, service_role;
grant execute on function public.finish_alert_emails(delivery_ids bigint[], error text, bounced boolean) to service_role;
