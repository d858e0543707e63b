/**
 * The one-click unsubscribe of an alert email (its signature checked by the unsubscribe-alerts function):
 * that search's email alerts go off, saying so, and what was waiting is dropped. Returns the search's name,
 * or null when it no longer exists.
 */
create or replace function public.unsubscribe_alert_emails(search_id uuid)
  returns text
  language plpgsql
  set search_path to ''
as $function$
declare
  search_name text;
begin
  select s.name into search_name from public.saved_searches as s where s.id = unsubscribe_alert_emails.search_id;
  if not found then
    return null;
  end if;
  update public.saved_search_channels as c
  set email = false, email_stopped = 'unsubscribed', email_stopped_at = now()
  where c.saved_search_id = unsubscribe_alert_emails.search_id and c.email;
  delete from public.alert_emails as e
  where e.saved_search_id = unsubscribe_alert_emails.search_id and e.sent_at is null;
  return search_name;
end;
$function$;

revoke all on function public.unsubscribe_alert_emails(search_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.unsubscribe_alert_emails(search_id uuid) to service_role;
