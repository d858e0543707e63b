/**
 * ---------------------------------------------------------------------------
 * Messages: enquiries about a listing and their replies
 * ---------------------------------------------------------------------------
 * A conversation is between one house hunter and the landlord of one listing;
 * only those two read it. Messages are plain text (1–2,000 characters, stored
 * exactly as written), never edited or deleted through the API, and may carry
 * the client's own id so a send repeated by the device's outbox is taken once.
 * A person can block another: the blocked person's later messages are refused.
 * Sending is limited: 10 new conversations per sender a day, 60 messages an hour.
 *
 * The app calls:
 *   rpc send_enquiry(listing_id, message_id, body)   → the conversation's id
 *   from('messages').upsert({ id, conversation_id, body }, { onConflict: 'id', ignoreDuplicates: true })
 *   rpc my_conversations(page_size, before_at, before_id, only_id)
 *   rpc unread_conversation_count()
 *   rpc mark_conversation_read(conversation_id)
 *   from('messages').select() keyset-paged on (created_at, id)
 *   from('blocked_senders') insert/delete
 */

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  -- The listing asked about; kept as null when the landlord deletes it, so the talk stays readable.
  listing_id uuid references public.listings (id) on delete set null,
  hunter_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  landlord_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  last_sender_id uuid references public.profiles (id) on delete set null,
  -- Each side's reading: a message is read by a side once its read_at has reached the message's time.
  hunter_read_at timestamptz not null default '-infinity',
  landlord_read_at timestamptz not null default '-infinity',
  constraint conversations_two_people check (hunter_id <> landlord_id),
  constraint conversations_one_per_listing unique (listing_id, hunter_id)
);

comment on table public.conversations is
  'A house hunter and a landlord talking about one listing; read only by those two.';

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  constraint messages_body_length check (char_length(body) between 1 and 2000),
  constraint messages_body_not_blank check (btrim(body, E' \t\r\n') <> '')
);

comment on table public.messages is
  'Plain-text messages of a conversation, stored as written; the id may come from the client (idempotent sends).';

create table public.blocked_senders (
  blocker_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  blocked_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  constraint blocked_senders_not_self check (blocker_id <> blocked_id)
);

comment on table public.blocked_senders is 'People whose messages the blocker refuses.';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A person's conversations newest first, from either side (keyset on
 * last_message_at, id); unread counts from partial indexes holding only the
 * conversations with news for that side; a conversation's messages keyset-paged
 * newest first; a sender's recent messages for the hourly limit.
 */

create index conversations_hunter_recent on public.conversations (hunter_id, last_message_at desc, id desc);
create index conversations_landlord_recent on public.conversations (landlord_id, last_message_at desc, id desc);
create index conversations_hunter_unread on public.conversations (hunter_id)
  where last_message_at > hunter_read_at;
create index conversations_landlord_unread on public.conversations (landlord_id)
  where last_message_at > landlord_read_at;
create index conversations_hunter_started on public.conversations (hunter_id, created_at);
create index messages_conversation_page on public.messages (conversation_id, created_at desc, id desc);
create index messages_sender_recent on public.messages (sender_id, created_at);
create index blocked_senders_blocked on public.blocked_senders (blocked_id);

/**
 * ---------------------------------------------------------------------------
 * Rules a request cannot get round
 * ---------------------------------------------------------------------------
 * Security definer: they read the other side's block list and the sender's
 * counts, which row-level security hides from the caller.
 */

-- Whether `sender` may write in `conversation_id` now: a participant the other side has not blocked.
create function public.conversation_open_to(conversation_id uuid, sender uuid)
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select exists (
    select 1
    from public.conversations as c
    where c.id = conversation_open_to.conversation_id
      and conversation_open_to.sender in (c.hunter_id, c.landlord_id)
      and not exists (
        select 1 from public.blocked_senders as b
        where b.blocked_id = conversation_open_to.sender
          and b.blocker_id = case when c.hunter_id = conversation_open_to.sender then c.landlord_id else c.hunter_id end
      )
  );
$$;

-- A new conversation: its landlord from the listing, its hunter the caller; the daily limit and blocks.
create function public.stamp_conversation()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  owner uuid;
begin
  if tg_op = 'UPDATE' then
    if new.hunter_id <> old.hunter_id or new.landlord_id <> old.landlord_id
       or new.created_at <> old.created_at
       or new.listing_id is distinct from old.listing_id and new.listing_id is not null then
      raise exception 'A conversation''s people, listing and start cannot change' using errcode = '42501';
    end if;
    return new;
  end if;

  -- Started by the caller (the service role may name the hunter, for seeding and tests).
  if auth.uid() is not null then
    new.hunter_id := auth.uid();
  end if;
  new.created_at := now();
  new.last_message_at := now();
  new.last_sender_id := null;
  new.hunter_read_at := now();
  new.landlord_read_at := '-infinity';

  select l.user_ref into owner from public.listings as l where l.id = new.listing_id;
  if owner is null then
    raise exception 'This listing is no longer available' using errcode = 'P0002';
  end if;
  new.landlord_id := owner;
  if owner = new.hunter_id then
    raise exception 'This is your own listing' using errcode = '23514';
  end if;

  -- A repeated enquiry about the same listing finds its conversation (ON CONFLICT DO NOTHING): no limit.
  if exists (
    select 1 from public.conversations as c
    where c.listing_id = new.listing_id and c.hunter_id = new.hunter_id
  ) then
    return new;
  end if;

  if exists (
    select 1 from public.blocked_senders as b
    where b.blocker_id = owner and b.blocked_id = new.hunter_id
  ) then
    raise exception 'This person is not accepting your messages' using errcode = '42501';
  end if;

  -- One sender's starts are counted one at a time, so two at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('conversations:' || new.hunter_id::text, 0));
  if (
    select count(*) from public.conversations as c
    where c.hunter_id = new.hunter_id and c.created_at > now() - interval '1 day'
  ) >= 10 then
    raise exception 'You can start up to 10 new conversations a day' using errcode = 'PT429';
  end if;
  return new;
end;
$$;

-- A message: the sender is the caller, the time the server's; blocks and the hourly limit.
create function public.stamp_message()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if auth.uid() is not null then
    new.sender_id := auth.uid();
  end if;
  new.created_at := now();

  -- The same message sent again (the outbox repeating a send): ON CONFLICT DO NOTHING takes it once.
  if exists (select 1 from public.messages as m where m.id = new.id) then
    return new;
  end if;

  if not public.conversation_open_to(new.conversation_id, new.sender_id) then
    if exists (
      select 1 from public.conversations as c
      where c.id = new.conversation_id and new.sender_id in (c.hunter_id, c.landlord_id)
    ) then
      raise exception 'This person is not accepting your messages' using errcode = '42501';
    end if;
    -- Not a participant: row-level security refuses the row, saying nothing about the conversation.
    return new;
  end if;

  perform pg_advisory_xact_lock(hashtextextended('messages:' || new.sender_id::text, 0));
  if (
    select count(*) from public.messages as m
    where m.sender_id = new.sender_id and m.created_at > now() - interval '1 hour'
  ) >= 60 then
    raise exception 'You can send up to 60 messages an hour' using errcode = 'PT429';
  end if;
  return new;
end;
$$;

-- After a message: the conversation moves to the top, and the sender has read everything up to it.
create function public.message_sent()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update public.conversations as c
  set last_message_at = greatest(c.last_message_at, new.created_at),
      last_sender_id = new.sender_id,
      hunter_read_at = case when c.hunter_id = new.sender_id then greatest(c.hunter_read_at, new.created_at) else c.hunter_read_at end,
      landlord_read_at = case when c.landlord_id = new.sender_id then greatest(c.landlord_read_at, new.created_at) else c.landlord_read_at end
  where c.id = new.conversation_id;
  return null;
end;
$$;

revoke execute on function public.stamp_conversation() from public, anon, authenticated, service_role;
revoke execute on function public.stamp_message() from public, anon, authenticated, service_role;
revoke execute on function public.message_sent() from public, anon, authenticated, service_role;
revoke execute on function public.conversation_open_to(uuid, uuid) from public, anon;
grant execute on function public.conversation_open_to(uuid, uuid) to authenticated, service_role;

create trigger stamp_conversation
  before insert or update on public.conversations
  for each row execute function public.stamp_conversation();

create trigger stamp_message
  before insert on public.messages
  for each row execute function public.stamp_message();

create trigger message_sent
  after insert on public.messages
  for each row execute function public.message_sent();

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * Conversations are started through send_enquiry (insert of listing_id, and
 * the id the client chose); their bookkeeping columns change only through the
 * triggers and mark_conversation_read. Messages are inserted and read, never
 * updated or deleted through the API.
 */

revoke all on public.conversations from anon, authenticated, service_role;
revoke all on public.messages from anon, authenticated, service_role;
revoke all on public.blocked_senders from anon, authenticated, service_role;
grant select, insert (id, listing_id) on public.conversations to authenticated;
grant select, insert (id, conversation_id, body) on public.messages to authenticated;
grant select, insert (blocked_id), delete on public.blocked_senders to authenticated;
grant select, insert, update, delete on public.conversations, public.messages, public.blocked_senders to service_role;

alter table public.conversations enable row level security;
alter table public.messages enable row level security;
alter table public.blocked_senders enable row level security;

create policy "Participants can view their conversations"
  on public.conversations for select to authenticated
  using ((select auth.uid()) in (hunter_id, landlord_id));

create policy "Users can start conversations about others' listings"
  on public.conversations for insert to authenticated
  with check (hunter_id = (select auth.uid()) and landlord_id <> (select auth.uid()));

create policy "Participants can view their conversations' messages"
  on public.messages for select to authenticated
  using (
    exists (
      select 1 from public.conversations as c
      where c.id = conversation_id and (select auth.uid()) in (c.hunter_id, c.landlord_id)
    )
  );

create policy "Participants not blocked can send messages"
  on public.messages for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and public.conversation_open_to(conversation_id, (select auth.uid()))
  );

create policy "Users can view whom they block"
  on public.blocked_senders for select to authenticated
  using (blocker_id = (select auth.uid()));

-- Only someone the blocker talks with: the table is no way to probe which ids are people.
create policy "Users can block the people they talk with"
  on public.blocked_senders for insert to authenticated
  with check (
    blocker_id = (select auth.uid())
    and exists (
      select 1 from public.conversations as c
      where (c.hunter_id = blocked_id and c.landlord_id = (select auth.uid()))
         or (c.landlord_id = blocked_id and c.hunter_id = (select auth.uid()))
    )
  );

create policy "Users can unblock"
  on public.blocked_senders for delete to authenticated
  using (blocker_id = (select auth.uid()));

/**
 * ---------------------------------------------------------------------------
 * The app's calls
 * ---------------------------------------------------------------------------
 */

-- An enquiry: finds or starts the caller's conversation about the listing and adds the message once.
create function public.send_enquiry(listing_id uuid, message_id uuid, body text)
  returns uuid
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  found uuid;
begin
  insert into public.conversations (listing_id) values (send_enquiry.listing_id)
  on conflict on constraint conversations_one_per_listing do nothing;
  select c.id into found from public.conversations as c
  where c.listing_id = send_enquiry.listing_id and c.hunter_id = (select auth.uid());
  insert into public.messages (id, conversation_id, body)
  values (send_enquiry.message_id, found, send_enquiry.body)
  on conflict (id) do nothing;
  return found;
end;
$$;

/**
 * The caller's conversations, most recent first, a keyset page at a time (before_at, before_id: the
 * last row of the previous page), or the one named by only_id: the listing (name, cover, price), the
 * other person's name (never their email), the latest message and whether the caller has news.
 */
create function public.my_conversations(
  page_size integer default 30,
  before_at timestamptz default null,
  before_id uuid default null,
  only_id uuid default null
)
  returns table (
    id uuid,
    listing_id uuid,
    listing_name text,
    listing_category text,
    listing_image text,
    listing_price integer,
    role text,
    other_id uuid,
    other_name text,
    last_message_at timestamptz,
    last_body text,
    last_from_me boolean,
    unread boolean,
    other_read_at timestamptz
  )
  language sql
  stable
  security definer
  set search_path = ''
as $$
  with me as (select auth.uid() as id),
  picked as (
    (
      select c.* from public.conversations as c, me
      where c.hunter_id = me.id
        and (only_id is null or c.id = only_id)
        and (before_at is null or (c.last_message_at, c.id) < (before_at, before_id))
      order by c.last_message_at desc, c.id desc
      limit least(greatest(page_size, 1), 100)
    )
    union all
    (
      select c.* from public.conversations as c, me
      where c.landlord_id = me.id
        and (only_id is null or c.id = only_id)
        and (before_at is null or (c.last_message_at, c.id) < (before_at, before_id))
      order by c.last_message_at desc, c.id desc
      limit least(greatest(page_size, 1), 100)
    )
  )
  select
    c.id,
    c.listing_id,
    l.name,
    l.type,
    l.image_urls[1],
    coalesce(l.discounted_price, l.regular_price)::integer,
    case when c.hunter_id = me.id then 'hunter' else 'landlord' end,
    case when c.hunter_id = me.id then c.landlord_id else c.hunter_id end,
    p.name,
    c.last_message_at,
    m.body,
    m.sender_id = me.id,
    c.last_message_at > case when c.hunter_id = me.id then c.hunter_read_at else c.landlord_read_at end,
    case when c.hunter_id = me.id then c.landlord_read_at else c.hunter_read_at end
  from picked as c
  cross join me
  left join public.listings as l on l.id = c.listing_id
  left join public.profiles as p on p.id = case when c.hunter_id = me.id then c.landlord_id else c.hunter_id end
  left join lateral (
    select x.body, x.sender_id from public.messages as x
    where x.conversation_id = c.id
    order by x.created_at desc, x.id desc
    limit 1
  ) as m on true
  order by c.last_message_at desc, c.id desc
  limit least(greatest(page_size, 1), 100);
$$;

-- How many of the caller's conversations have a message the caller has not read.
create function public.unread_conversation_count()
  returns integer
  language sql
  stable
  security invoker
  set search_path = ''
as $$
  select (
    (select count(*) from public.conversations as c
     where c.hunter_id = (select auth.uid()) and c.last_message_at > c.hunter_read_at)
    + (select count(*) from public.conversations as c
       where c.landlord_id = (select auth.uid()) and c.last_message_at > c.landlord_read_at)
  )::integer;
$$;

-- The caller has read the conversation up to now; returns the time recorded (null: not theirs).
create function public.mark_conversation_read(conversation_id uuid)
  returns timestamptz
  language sql
  volatile
  security definer
  set search_path = ''
as $$
  update public.conversations as c
  set hunter_read_at = case when c.hunter_id = auth.uid() then greatest(c.hunter_read_at, now()) else c.hunter_read_at end,
      landlord_read_at = case when c.landlord_id = auth.uid() then greatest(c.landlord_read_at, now()) else c.landlord_read_at end
  where c.id = mark_conversation_read.conversation_id
    and auth.uid() in (c.hunter_id, c.landlord_id)
  returning now();
$$;

revoke execute on function public.send_enquiry(uuid, uuid, text) from public, anon;
revoke execute on function public.my_conversations(integer, timestamptz, uuid, uuid) from public, anon;
revoke execute on function public.unread_conversation_count() from public, anon;
revoke execute on function public.mark_conversation_read(uuid) from public, anon;
grant execute on function public.send_enquiry(uuid, uuid, text) to authenticated, service_role;
grant execute on function public.my_conversations(integer, timestamptz, uuid, uuid) to authenticated, service_role;
grant execute on function public.unread_conversation_count() to authenticated, service_role;
grant execute on function public.mark_conversation_read(uuid) to authenticated, service_role;
