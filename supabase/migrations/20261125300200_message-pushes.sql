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

create table public.message_pushes (
  id bigint generated always as identity primary key,
  message_id uuid not null references public.messages (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text
);

comment on table public.message_pushes is
  'Pushes owed for new messages (one per message, to its recipient); sent by the send-alerts function.';

create index message_pushes_due on public.message_pushes (next_attempt_at, id) where sent_at is null;
create index message_pushes_message on public.message_pushes (message_id);

revoke all on public.message_pushes from anon, authenticated, service_role;
-- Older projects grant new sequences to the API roles by default: the queue's is nobody's but its owner's.
revoke all on sequence public.message_pushes_id_seq from anon, authenticated, service_role;
grant select, insert, update, delete on public.message_pushes to service_role;
alter table public.message_pushes enable row level security;

create function public.queue_message_push()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.message_pushes (message_id, recipient_id)
  select new.id, case when c.hunter_id = new.sender_id then c.landlord_id else c.hunter_id end
  from public.conversations as c
  where c.id = new.conversation_id;
  return null;
end;
$$;

revoke execute on function public.queue_message_push() from public, anon, authenticated, service_role;

create trigger queue_message_push
  after insert on public.messages
  for each row execute function public.queue_message_push();

/**
 * Claims up to `batch_limit` due pushes (locked until the caller's transaction ends; rows another sender
 * holds are skipped) with what the push says: who wrote, about which listing, the start of the text.
 */
create function public.claim_message_pushes(batch_limit integer default 50)
  returns table (
    push_id bigint,
    recipient_id uuid,
    conversation_id uuid,
    sender_name text,
    listing_name text,
    body text,
    attempts integer
  )
  language sql
  volatile
  set search_path = ''
as $$
  with due as (
    select q.id, q.message_id, q.recipient_id, q.attempts
    from public.message_pushes as q
    where q.sent_at is null and q.next_attempt_at <= now()
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
$$;

-- Marks a claimed push sent, or records a failed attempt: retried with backoff, given up after 8 tries.
create function public.finish_message_push(push_id bigint, error text default null)
  returns void
  language sql
  volatile
  set search_path = ''
as $$
  update public.message_pushes as q
  set attempts = q.attempts + 1,
      last_error = finish_message_push.error,
      sent_at = case when finish_message_push.error is null or q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts + 1), 60) * interval '1 minute'
  where q.id = finish_message_push.push_id;
$$;

revoke execute on function public.claim_message_pushes(integer) from public, anon, authenticated;
revoke execute on function public.finish_message_push(bigint, text) from public, anon, authenticated;
grant execute on function public.claim_message_pushes(integer) to service_role;
grant execute on function public.finish_message_push(bigint, text) to service_role;
