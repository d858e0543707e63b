/**
 * ---------------------------------------------------------------------------
 * Claiming a search's alert emails (service role only)
 * ---------------------------------------------------------------------------
 * In the caller's transaction, checks the limits again under a lock per person,
 * locks the search's due rows (`for update skip locked`) and returns them,
 * newest first, with what the email says: the address, the search, each home's
 * name, price, place and photo.
 */

create or replace function public.claim_alert_emails(search_id uuid, mode text)
  returns table(delivery_id bigint, user_id uuid, email text, search_name text, listing_id uuid, listing_type text, listing_name text, location text, price integer, image_url text, listing_created_at timestamp with time zone, attempts integer)
  language plpgsql
  set search_path to ''
as $function$
declare
  owner uuid;
begin
  select s.user_id into owner
  from public.saved_searches as s
  join public.saved_search_channels as c on c.saved_search_id = s.id
  where s.id = claim_alert_emails.search_id and s.alerts = mode and c.email and c.email_stopped is null;
  if not found then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.alert_email_sends:' || owner::text, 0));
  if exists (select from public.alert_email_sends as x
             where x.saved_search_id = claim_alert_emails.search_id and x.sent_at > now() - interval '1 hour')
     or (select count(*) from public.alert_email_sends as x
         where x.user_id = owner and x.sent_at > now() - interval '1 day') >= 20 then
    return;
  end if;
  return query
  with claimed as (
    select e.id, e.listing_id, e.attempts
    from public.alert_emails as e
    where e.saved_search_id = claim_alert_emails.search_id
      and e.sent_at is null
      and e.gave_up_at is null
      and e.next_attempt_at <= now()
      and e.created_at < public.alert_due_before(mode)
    for update of e skip locked
  )
  select c.id, owner, p.email, s.name, l.id, l.type, l.name, l.location, l.effective_price, l.image_urls[1],
         l.created_at, c.attempts
  from claimed as c
  join public.listings as l on l.id = c.listing_id
  join public.saved_searches as s on s.id = claim_alert_emails.search_id
  join public.profiles as p on p.id = owner
  order by l.created_at desc, l.id desc;
end;
$function$;

revoke all on function public.claim_alert_emails(search_id uuid, mode text) from public, anon, authenticated, service_role;
grant execute on function public.claim_alert_emails(search_id uuid, mode text) to service_role;
