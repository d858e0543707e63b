/**
 * Claims up to `batch_limit` due emails (locked until the caller's transaction ends; rows another sender
 * holds are skipped) with what the email says: the recipient's address and name, who wrote, about which
 * listing. `still_away` is false when the recipient opened the app since the email was queued or has read
 * the conversation: such an email is settled as skipped, not sent. The sender's email is never returned.
 */

create or replace function public.claim_message_emails(batch_limit integer default 20)
  returns table(email_id bigint, conversation_id uuid, recipient_email text, recipient_name text, sender_name text, listing_name text, attempts integer, still_away boolean)
  language sql
  set search_path to ''
as $function$
  with due as (
    select q.id, q.conversation_id, q.recipient_id, q.sender_id, q.created_at, q.attempts
    from public.message_emails as q
    where q.sent_at is null and q.next_attempt_at <= now()
    order by q.next_attempt_at, q.id
    limit batch_limit
    for update skip locked
  )
  select due.id, due.conversation_id, r.email, r.name, s.name, l.name, due.attempts,
         coalesce(o.last_seen_at <= due.created_at, true)
           and coalesce(c.landlord_read_at < c.last_message_at, true)
  from due
  join public.profiles as r on r.id = due.recipient_id
  left join public.profiles as s on s.id = due.sender_id
  left join public.conversations as c on c.id = due.conversation_id
  left join public.listings as l on l.id = c.listing_id
  left join public.app_openings as o on o.user_id = due.recipient_id
  order by due.id;
$function$;

revoke all on function public.claim_message_emails(batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_message_emails(batch_limit integer) to service_role;
