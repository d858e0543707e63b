/**
 * ---------------------------------------------------------------------------
 * The email sender's side of the queue (service role only)
 * ---------------------------------------------------------------------------
 * alert_emails_due(mode): saved searches with alert emails to send now: email
 * on and not stopped, the search's `alerts` in this mode (daily: queued before
 * today's 08:00 London), no email to it in the last hour, and its person under
 * 20 emails in the last day. `part` of `parts` splits the searches by a hash of
 * their id, so several senders at once each take their own.
 *
 * claim_alert_emails(search, mode): in the caller's transaction, checks the
 * limits again under a lock per person, locks the search's due rows (`for
 * update skip locked`) and returns them, newest first, with what the email
 * says: the address, the search, each home's name, price, place and photo.
 *
 * finish_alert_emails(ids, error, bounced): marks the rows sent and counts the
 * email; or records a failed attempt (retried after 1, 4, 9, 16 minutes, given
 * up at the 5th); a bounce gives them up and turns the search's email alerts
 * off, saying why.
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
