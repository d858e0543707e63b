/**
 * ---------------------------------------------------------------------------
 * Limits count events; names, messages and reductions mean what they say
 * ---------------------------------------------------------------------------
 * Writes that got round the rules:
 * - Publishing: the daily cap counted the listings that still existed, so
 *   publishing 20, deleting them and publishing again made 201 in a day. The
 *   cap now counts publishes, kept in `listing_publishes`, whatever was deleted
 *   since.
 * - Names: a profile name had no length, so a 900,000-character name went
 *   into every conversation list and push title. Names are at most 80
 *   characters; a longer one from Google's metadata is cut, not refused.
 * - Writing to someone who deleted their account failed on the push queue's
 *   NOT NULL with the database's own words. Such a message is now refused as
 *   `This person has left Roost`, and no queue trigger writes a null recipient.
 * - `conversation_open_to` answered anyone about any conversation and person,
 *   telling strangers who blocked whom. It now answers only the caller about
 *   the caller's own conversations.
 * - Reductions: raising a price to 2,500,000 and lowering it back showed
 *   `Reduced by £2,250,000`. A price is reduced only when it falls below the
 *   lowest price the listing showed in the previous 30 days.
 * - Messages: a body of zero-width spaces was sent. A message must have a
 *   visible character.
 */

/**
 * ---------------------------------------------------------------------------
 * Publishing events
 * ---------------------------------------------------------------------------
 * One row per listing an API caller (anon, authenticated) publishes: the
 * daily cap counts these, so deleting a listing does not give its place
 * back. Only the last day matters, so the publisher's older rows are deleted
 * whenever they publish. The log is the server's: no grants to any API role,
 * no policies. Listings the service role or the owner writes (seeding,
 * maintenance, moving a test's listings back in time) are not publishes of
 * the API: they count toward the cap as rows, as before, while they exist
 * and are dated within the day.
 */

create table public.listing_publishes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- No foreign key: the event outlives its listing, which is the point.
  listing_id uuid not null,
  published_at timestamptz not null default now()
);

comment on table public.listing_publishes is
  'Listings published through the API, one row per publish, for the daily publishing cap; rows older than a day may go. Server-only.';

create index listing_publishes_user_recent on public.listing_publishes (user_id, published_at);

revoke all on public.listing_publishes from public, anon, authenticated, service_role;
revoke all on sequence public.listing_publishes_id_seq from public, anon, authenticated, service_role;
alter table public.listing_publishes enable row level security;

-- Listings published in the last day before the log existed are its first events.
insert into public.listing_publishes (user_id, listing_id, published_at)
select l.user_ref, l.id, l.created_at
from public.listings as l
where l.created_at > now() - interval '1 day';

create or replace function public.enforce_publishing_limits()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  publisher uuid := auth.uid();
begin
  if not (current_user in ('anon', 'authenticated') or coalesce(auth.role(), '') in ('anon', 'authenticated'))
     or publisher is null then
    return new;
  end if;

  -- One publisher's listings are counted one at a time, so two at once cannot both take the last place.
  -- The lock comes before the look for the same id: a repeat waiting on it then sees the first one's row.
  perform pg_advisory_xact_lock(hashtextextended('listings:' || publisher::text, 0));
  -- The same listing sent again (a draft's publish repeated): ON CONFLICT takes it once, so it costs nothing.
  if new.id is not null and exists (select 1 from public.listings as l where l.id = new.id) then
    return new;
  end if;

  delete from public.listing_publishes as p
  where p.user_id = publisher and p.published_at <= now() - interval '1 day';
  if (
    (select count(*) from public.listing_publishes as p where p.user_id = publisher)
    -- Listings of the day that no API publish wrote (seeded, or older than the log): counted as rows.
    + (
      select count(*) from public.listings as l
      where l.user_ref = publisher and l.created_at > now() - interval '1 day'
        and not exists (
          select 1 from public.listing_publishes as p where p.user_id = publisher and p.listing_id = l.id
        )
    )
  ) >= 20 then
    raise exception 'You can publish up to 20 new listings a day. Please try again tomorrow.'
      using errcode = 'P0001', hint = 'publishing_limit_daily';
  end if;
  if (select count(*) from public.listings as l where l.user_ref = publisher) >= 200 then
    raise exception 'You can have up to 200 listings. Delete one to publish another.'
      using errcode = 'P0001', hint = 'publishing_limit_total';
  end if;

  -- stamp_listing gives an API caller's listing its id when it has none; this is the same one.
  new.id := coalesce(new.id, gen_random_uuid());
  insert into public.listing_publishes (user_id, listing_id) values (publisher, new.id);
  return new;
end;
$$;

comment on function public.enforce_publishing_limits() is
  'Refuses a new listing beyond 20 publishes a day (deleted ones count) or 200 listings in all (API callers only); logs each API publish.';

revoke execute on function public.enforce_publishing_limits() from public, anon, authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * Names of at most 80 characters
 * ---------------------------------------------------------------------------
 * The spec gives sign-up names no rules, and a profile may have an empty name
 * (an account with neither a name nor an email), so the only rule is a length
 * that a conversation list and a push title can carry. Longer names already
 * stored are cut first. A name from sign-up metadata (the form's `name`,
 * Google's `full_name`) is cut to 80 rather than failing the sign-up.
 */

update public.profiles
set name = rtrim(left(name, 80))
where char_length(name) > 80;

alter table public.profiles
  add constraint profiles_name_length check (char_length(name) <= 80);

comment on column public.profiles.name is 'The name shown to others: at most 80 characters.';

create or replace function public.handle_new_user()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.profiles (id, name, email)
  values (
    new.id,
    -- Cut, not refused: a sign-up must not fail on what Google says a name is.
    rtrim(left(coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
      nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
      nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
      ''
    ), 80)),
    new.email
  );
  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * Conversations: only about one's own, and not with someone who left
 * ---------------------------------------------------------------------------
 * conversation_open_to serves the messages' insert policy and stamp_message,
 * always about the caller. Asked about someone else, or about a conversation
 * the caller is not in, it says false: the same answer as for a conversation
 * that does not exist, so it tells nobody who blocked whom. The service role
 * and the owner (no user in the request) are answered about anyone, for
 * seeding and maintenance. A conversation whose other side deleted their
 * account is closed.
 */

create or replace function public.conversation_open_to(conversation_id uuid, sender uuid)
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
      and (
        conversation_open_to.sender = auth.uid()
        or (auth.uid() is null and coalesce(auth.role(), '') not in ('anon', 'authenticated'))
      )
      and (case when c.hunter_id = conversation_open_to.sender then c.landlord_id else c.hunter_id end) is not null
      and not exists (
        select 1 from public.blocked_senders as b
        where b.blocked_id = conversation_open_to.sender
          and b.blocker_id = case when c.hunter_id = conversation_open_to.sender then c.landlord_id else c.hunter_id end
      )
  );
$$;

comment on function public.conversation_open_to(uuid, uuid) is
  'Whether the caller (sender) may write in their conversation now: the other side still has an account and has not blocked them. False about anyone else''s.';

revoke execute on function public.conversation_open_to(uuid, uuid) from public, anon;
grant execute on function public.conversation_open_to(uuid, uuid) to authenticated, service_role;

/*
 * A message to someone who left is refused in words the app shows as they
 * are, with SQLSTATE PT410 (HTTP 410 Gone): a refusal the device's outbox
 * keeps, not a failure it retries.
 */
create or replace function public.stamp_message()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  other_side uuid;
  participant boolean;
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
    select true, case when c.hunter_id = new.sender_id then c.landlord_id else c.hunter_id end
    into participant, other_side
    from public.conversations as c
    where c.id = new.conversation_id and new.sender_id in (c.hunter_id, c.landlord_id);
    if participant and other_side is null then
      raise exception 'This person has left Roost'
        using errcode = 'PT410', hint = 'The conversation stays readable; nobody is left to read a reply.';
    end if;
    if participant then
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
    raise exception 'You can send up to 60 messages an hour' using errcode = 'P0001';
  end if;
  return new;
end;
$$;

revoke execute on function public.stamp_message() from public, anon, authenticated, service_role;

-- A message owes a push only to someone who is there to get it (the service role may still write one).
create or replace function public.queue_message_push()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;

revoke execute on function public.queue_message_push() from public, anon, authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * Messages have visible characters
 * ---------------------------------------------------------------------------
 * The same rule as listing names (visible_text): a body of zero-width spaces,
 * joiners, word joiners, byte-order marks and whitespace is refused. NOT
 * VALID: messages are never edited, and any such message already sent stays
 * readable as it was.
 */

alter table public.messages
  add constraint messages_body_visible check (public.visible_text(body) <> '') not valid;

/**
 * ---------------------------------------------------------------------------
 * Reduced means reduced
 * ---------------------------------------------------------------------------
 * A change of the price a person pays is a reduction only when the new price
 * is below the lowest price the listing showed at any moment in the previous
 * 30 days: the price standing 30 days ago, every price set since (however
 * briefly), and the price just before the change. price_reduced_by is that
 * lowest price minus the new one. Any other change of price (a rise, or a fall
 * to a price already shown) clears the reduction; an update that leaves the
 * price alone keeps it. listing_price_history still records every change.
 * stamp_listing is the listing-market migration's, with this rule.
 */

create or replace function public.stamp_listing()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  api_caller boolean := current_user in ('anon', 'authenticated')
    or coalesce(auth.role(), '') in ('anon', 'authenticated');
  new_price integer;
  lowest_shown integer;
begin
  if tg_op = 'INSERT' then
    -- Bulk inserts send absent keys as null, so fall back to the defaults here.
    new.id := coalesce(new.id, gen_random_uuid());
    new.status := coalesce(new.status, 'available');
    new.version := 1;
    if api_caller then
      new.created_at := now();
      new.user_ref := auth.uid();
      new.price_reduced_at := null;
      new.price_reduced_by := null;
    else
      new.created_at := coalesce(new.created_at, now());
      new.user_ref := coalesce(new.user_ref, auth.uid());
    end if;
    new.updated_at := new.created_at;
    -- A new listing's status has not changed since it was published.
    new.status_changed_at := new.created_at;
  else
    if new.version is distinct from old.version then
      raise exception 'listing_version_conflict'
        using errcode = 'P0001',
          detail = format('The listing is at version %s; the update started from version %s.', old.version, new.version),
          hint = 'Read the listing again and apply the change to its current version.';
    end if;
    new.id := old.id;
    new.created_at := old.created_at;
    new.user_ref := old.user_ref;
    new.updated_at := now();
    new.version := old.version + 1;

    if new.status is distinct from old.status then
      new.status_changed_at := now();
    elsif api_caller or new.status_changed_at is null then
      new.status_changed_at := old.status_changed_at;
    end if;

    new_price := case when new.offer then new.discounted_price else new.regular_price end;
    if new_price is distinct from old.effective_price then
      -- The history's rows are visible to whoever may update the listing (its select policy).
      select min(shown.price) into lowest_shown
      from (
        select old.effective_price as price
        union all
        select h.price from public.listing_price_history as h
        where h.listing_id = old.id and h.changed_at > now() - interval '30 days'
        union all
        (
          select h.price from public.listing_price_history as h
          where h.listing_id = old.id and h.changed_at <= now() - interval '30 days'
          order by h.changed_at desc, h.id desc
          limit 1
        )
      ) as shown;
      if new_price < lowest_shown then
        new.price_reduced_at := now();
        new.price_reduced_by := lowest_shown - new_price;
      else
        new.price_reduced_at := null;
        new.price_reduced_by := null;
      end if;
    elsif api_caller then
      new.price_reduced_at := old.price_reduced_at;
      new.price_reduced_by := old.price_reduced_by;
    end if;
  end if;

  new.off_market_at := case
    when new.status in ('sold', 'let') then new.status_changed_at + interval '14 days'
    when new.status in ('sold_stc', 'let_agreed') then new.status_changed_at + interval '60 days'
  end;
  return new;
end;
$$;

revoke execute on function public.stamp_listing() from public, anon, authenticated, service_role;

/*
 * Saved homes follow the same rule: a fall in price owes a `reduced` push
 * only when stamp_listing counted it as a reduction, and the push's previous
 * price is the lowest shown in those 30 days, so `Reduced by £…` and
 * `was £…` say what the listing's page says.
 */
create or replace function public.queue_saved_home_pushes()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.saved_home_pushes (listing_id, user_id, change, status, price, previous_price)
  select moved.id, s.user_id, moved.change, moved.status, moved.price,
    case when moved.change = 'reduced' then moved.price + moved.reduced_by else moved.previous_price end
  from (
    select
      n.id,
      n.user_ref,
      n.status,
      n.effective_price as price,
      o.effective_price as previous_price,
      n.price_reduced_by as reduced_by,
      case
        when n.status in ('sold', 'let') and n.status is distinct from o.status then 'off_market'
        when n.status in ('under_offer', 'sold_stc', 'let_agreed') and n.status is distinct from o.status
          then 'under_offer'
        when n.effective_price < o.effective_price and n.price_reduced_by is not null then 'reduced'
      end as change
    from new_listings as n
    join old_listings as o on o.id = n.id
  ) as moved
  join public.saved_listings as s on s.listing_id = moved.id
  join public.profiles as p on p.id = s.user_id
  where moved.change is not null
    and p.saved_home_alerts
    and s.user_id <> moved.user_ref;
  return null;
end;
$$;

revoke execute on function public.queue_saved_home_pushes() from public, anon, authenticated, service_role;

/*
 * Reductions already shown are judged again by the same rule, as of the
 * change that made them: one that did not go below the lowest price of the 30
 * days before it is cleared, the others say by how much they went below it.
 * With the listings' triggers off, so this is not an edit (updated_at and
 * version stay, no push is owed).
 */
alter table public.listings disable trigger user;

with judged as (
  select l.id, l.effective_price as price, (
    select min(shown.price)
    from (
      select h.previous_price as price from public.listing_price_history as h
      where h.listing_id = l.id and h.changed_at = l.price_reduced_at
      union all
      select h.price from public.listing_price_history as h
      where h.listing_id = l.id
        and h.changed_at > l.price_reduced_at - interval '30 days' and h.changed_at < l.price_reduced_at
      union all
      (
        select h.price from public.listing_price_history as h
        where h.listing_id = l.id and h.changed_at <= l.price_reduced_at - interval '30 days'
        order by h.changed_at desc, h.id desc
        limit 1
      )
    ) as shown
  ) as lowest_shown
  from public.listings as l
  where l.price_reduced_at > now() - interval '30 days'
)
update public.listings as l
set price_reduced_at = case when judged.price < judged.lowest_shown then l.price_reduced_at end,
    price_reduced_by = case when judged.price < judged.lowest_shown then judged.lowest_shown - judged.price end
from judged
where judged.id = l.id and judged.lowest_shown is not null
  and l.price_reduced_by is distinct from
    case when judged.price < judged.lowest_shown then judged.lowest_shown - judged.price end;

alter table public.listings enable trigger user;
