/**
 * ---------------------------------------------------------------------------
 * Pushes for new messages
 * ---------------------------------------------------------------------------
 * Each new message owes its recipient a push: a row in this queue, written by a
 * trigger in the message's own transaction, sent by the send-alerts function
 * (supabase/functions/send-alerts/messages.ts) through the same Web Push code as
 * saved-search alerts. The sender claims rows with `for update skip locked` and
 * marks them sent in the transaction that holds the claim, so a sender that dies
 * loses nothing and a second sender never takes the same row. With push off (no
 * subscription) the row is simply marked sent: the unread count still shows.
 * The queue is the server's: no grants to anon or authenticated.
 */

create or replace function public.queue_message_push()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  insert into public.message_pushes (message_id, recipient_id)
  select new.id, recipient.id
  from public.conversations as c
  cross join lateral (
    select case when c.hunter_id = new.sender_id then c.landlord_id else c.hunter_id end as id
  ) as recipient
  where c.id = new.conversation_id
    and recipient.id is not null;
  return null;
end;
$function$;

revoke all on function public.queue_message_push() from public, anon, authenticated, service_role;
