/**
 * Sends a new alert by the channels its saved search chose: one with email on (and not stopped) is queued in
 * alert_emails too; one with push off is settled at once, so the push sender never sends it. Matching and
 * timing stay the queue's (queue_listing_alerts, the search's `alerts`).
 */

create or replace function public.route_alert_delivery()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  channels public.saved_search_channels;
begin
  select * into channels from public.saved_search_channels as c where c.saved_search_id = new.saved_search_id;
  if not found then
    return new;
  end if;
  if channels.email and channels.email_stopped is null then
    insert into public.alert_emails (saved_search_id, listing_id, user_id, kind, created_at)
    values (new.saved_search_id, new.listing_id, new.user_id, new.kind, new.created_at)
    on conflict do nothing;
  end if;
  if not channels.push then
    new.sent_at := coalesce(new.sent_at, now());
    new.last_error := coalesce(new.last_error, 'push is off for this search');
  end if;
  return new;
end;
$function$;

revoke all on function public.route_alert_delivery() from public, anon, authenticated, service_role;
