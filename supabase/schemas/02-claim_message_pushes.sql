/**
 * Claims up to `batch_limit` due pushes (locked until the caller's transaction ends; rows another sender
 * holds are skipped) with what the push says: who wrote, about which listing, the start of the text.
 */

create or replace function public.claim_message_pushes(batch_limit integer default 50)
  returns table(push_id bigint, recipient_id uuid, conversation_id uuid, sender_name text, listing_name text, body text, attempts integer)
  language sql
  set search_path to ''
as $function$
  with due as (
    select q.id, q.message_id, q.recipient_id, q.attempts
    from public.message_pushes as q
    where q.sent_at is null and q.gave_up_at is null and q.next_attempt_at <= now()
    order by q.next_attempt_at, q.id
    limit batch_limit
    for update skip locked
  )
  select due.id, due.recipient_id, m.conversation_id, p.name, l.name, left(m.body, 200), due.attempts
  from due
  join public.messages as m on m.id = due.message_id
  join public.conversations as c on c.id = m.conversation_id
  left join public.profiles as p on p.id = m.sender_id
  left join public.listings as l on l.id = c.listing_id
  order by due.id;
$function$;

revoke all on function public.claim_message_pushes(batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_message_pushes(batch_limit integer) to service_role;
