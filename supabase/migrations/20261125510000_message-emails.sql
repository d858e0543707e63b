/**
 * ---------------------------------------------------------------------------
 * Emails for landlords who are away
 * ---------------------------------------------------------------------------
 * The app notes when a signed-in person opens it (rpc note_app_open, called on
 * start and when it regains focus, at most once an hour). A message to a
 * landlord owes them an email once they have not opened the app for a day: a
 * row in this queue, written by a trigger in the message's own transaction and
 * due a day after the landlord was last seen (at once if that was longer ago).
 * The send-emails function claims due rows with `for update skip locked`, sends
 * each through the project's mail API, and marks it sent in the transaction
 * that holds the claim; a failure is retried with backoff.
 *
 * One email per conversation per quiet period, not one per message: while an
 * email for a conversation waits, later messages join it; once one was sent,
 * no other goes for that conversation until the landlord has opened the app
 * again. A landlord who opens the app or reads the conversation before the
 * email is due is not emailed (the row is settled as skipped).
 */

create table public.app_openings (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  last_seen_at timestamptz not null default now()
);

comment on table public.app_openings is
  'When each person last opened the app (to the hour), for emails to people who are away.';

revoke all on public.app_openings from anon, authenticated, service_role;
grant select on public.app_openings to authenticated;
grant select, insert, update, delete on public.app_openings to service_role;
alter table public.app_openings enable row level security;

create policy "app_openings: a person reads their own"
  on public.app_openings for select to authenticated
  using (user_id = (select auth.uid()));

/**
 * Notes that the caller opened the app now. Writes at most once a minute per person whatever the client
 * does (the app itself calls it at most once an hour); returns the time recorded.
 */
create function public.note_app_open()
  returns timestamptz
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  me uuid := auth.uid();
  seen timestamptz;
begin
  if me is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  insert into public.app_openings as o (user_id, last_seen_at)
  values (me, now())
  on conflict (user_id) do update set last_seen_at = excluded.last_seen_at
    where o.last_seen_at < now() - interval '1 minute';
  select o.last_seen_at into seen from public.app_openings as o where o.user_id = me;
  return seen;
end;
$$;

revoke execute on function public.note_app_open() from public, anon, service_role;
grant execute on function public.note_app_open() to authenticated;

create table public.message_emails (
  id bigint generated always as identity primary key,
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  -- The first message's sender, named in the email; null once they deleted their account.
  sender_id uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  -- Settled: sent, skipped (the recipient came back first) or given up. Null while it waits.
  sent_at timestamptz,
  outcome text,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  constraint message_emails_outcome check (
    (sent_at is null and outcome is null)
    or (sent_at is not null and outcome in ('sent', 'skipped', 'gave-up'))
  )
);

comment on table public.message_emails is
  'Emails owed to landlords away for a day (one per conversation per quiet period); sent by send-emails.';

create unique index message_emails_one_waiting on public.message_emails (conversation_id, recipient_id)
  where sent_at is null;
create index message_emails_due on public.message_emails (next_attempt_at, id) where sent_at is null;
create index message_emails_conversation on public.message_emails (conversation_id, recipient_id, sent_at);
create index message_emails_recipient on public.message_emails (recipient_id);
create index message_emails_sender on public.message_emails (sender_id);

revoke all on public.message_emails from anon, authenticated, service_role;
revoke all on sequence public.message_emails_id_seq from anon, authenticated, service_role;
grant select, insert, update, delete on public.message_emails to service_role;
alter table public.message_emails enable row level security;

create function public.queue_message_email()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;

revoke execute on function public.queue_message_email() from public, anon, authenticated, service_role;

create trigger queue_message_email
  after insert on public.messages
  for each row execute function public.queue_message_email();

/**
 * Claims up to `batch_limit` due emails (locked until the caller's transaction ends; rows another sender
 * holds are skipped) with what the email says: the recipient's address and name, who wrote, about which
 * listing. `still_away` is false when the recipient opened the app since the email was queued or has read
 * the conversation: such an email is settled as skipped, not sent. The sender's email is never returned.
 */
create function public.claim_message_emails(batch_limit integer default 20)
  returns table (
    email_id bigint,
    conversation_id uuid,
    recipient_email text,
    recipient_name text,
    sender_name text,
    listing_name text,
    attempts integer,
    still_away boolean
  )
  language sql
  volatile
  set search_path = ''
as $$
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
$$;

/**
 * Settles a claimed email: `sent` or `skipped`, or with an error a failed attempt, retried after 1, 2, 4…
 * minutes (at most an hour apart) and given up after 8 tries.
 */
create function public.finish_message_email(email_id bigint, outcome text default 'sent', error text default null)
  returns void
  language sql
  volatile
  set search_path = ''
as $$
  update public.message_emails as q
  set attempts = q.attempts + case when finish_message_email.outcome = 'skipped' then 0 else 1 end,
      last_error = finish_message_email.error,
      outcome = case
        when finish_message_email.error is null then finish_message_email.outcome
        when q.attempts + 1 >= 8 then 'gave-up'
      end,
      sent_at = case when finish_message_email.error is null or q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts), 60) * interval '1 minute'
  where q.id = finish_message_email.email_id;
$$;

revoke execute on function public.claim_message_emails(integer) from public, anon, authenticated;
revoke execute on function public.finish_message_email(bigint, text, text) from public, anon, authenticated;
grant execute on function public.claim_message_emails(integer) to service_role;
grant execute on function public.finish_message_email(bigint, text, text) to service_role;
