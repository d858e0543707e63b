/**
 * Notes that the caller opened the app now. Writes at most once a minute per person whatever the client
 * does (the app itself calls it at most once an hour); returns the time recorded.
 */

create or replace function public.queue_message_email()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  landlord uuid;
  seen timestamptz;
begin
  select c.landlord_id into landlord from public.conversations as c where c.id = new.conversation_id;
  -- Only messages to the landlord: from the hunter, while the landlord's account exists.
  if landlord is null or new.sender_id is not distinct from landlord then
    return null;
  end if;
  select o.last_seen_at into seen from public.app_openings as o where o.user_id = landlord;
  -- Already emailed about this conversation since the landlord last opened the app: same quiet period.
  if exists (
    select 1 from public.message_emails as e
    where e.conversation_id = new.conversation_id and e.recipient_id = landlord
      and e.outcome = 'sent' and e.sent_at > coalesce(seen, '-infinity')
  ) then
    return null;
  end if;
  insert into public.message_emails (conversation_id, recipient_id, sender_id, next_attempt_at)
  values (
    new.conversation_id, landlord, new.sender_id,
    greatest(now(), coalesce(seen, '-infinity') + interval '1 day')
  )
  on conflict (conversation_id, recipient_id) where sent_at is null do nothing;
  return null;
end;
$function$;

revoke all on function public.queue_message_email() from public, anon, authenticated, service_role;
