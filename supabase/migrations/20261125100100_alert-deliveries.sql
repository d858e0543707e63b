/**
 * ---------------------------------------------------------------------------
 * Alert deliveries
 * ---------------------------------------------------------------------------
 * The queue of new-home alerts. Publishing a listing writes one row for each
 * saved search it matches whose alerts are on (not the publisher's own
 * searches). The sender (the send-alerts Edge Function) takes the rows of one
 * saved search at a time, sends one push to each of the person's browsers,
 * and marks them sent, in one transaction that holds the rows' locks while it
 * sends: a sender that dies mid-way rolls back what it had not marked, and
 * the next run sends it. The table is the server's: no grants to anon or
 * authenticated, and no policies.
 */

create table public.alert_deliveries (
  id bigint generated always as identity primary key,
  saved_search_id uuid not null references public.saved_searches (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text,
  -- After a failed attempt, when to try again; after the last one, when it was given up.
  next_attempt_at timestamptz not null default now(),
  gave_up_at timestamptz,

  constraint alert_deliveries_kind_valid check (kind in ('instant', 'daily')),
  constraint alert_deliveries_one_per_match unique (saved_search_id, listing_id)
);

comment on table public.alert_deliveries is
  'New-home alerts waiting for or done by the sender: one row per match of a saved search with alerts on.';

-- What is still to send, by saved search, for the sender's scan.
create index alert_deliveries_pending_idx on public.alert_deliveries (next_attempt_at, saved_search_id)
  where sent_at is null and gave_up_at is null;
create index alert_deliveries_listing_idx on public.alert_deliveries (listing_id);
create index alert_deliveries_user_idx on public.alert_deliveries (user_id);

revoke all on public.alert_deliveries from anon, authenticated, service_role;
grant select, insert, update, delete on public.alert_deliveries to service_role;
alter table public.alert_deliveries enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Finding the searches a listing matches
 * ---------------------------------------------------------------------------
 * Without scanning every saved search, two indexes give the candidates:
 *
 * - a search with a word of three or more characters has match_key, the start
 *   of its longest word (up to 5 characters), which any listing it matches
 *   holds somewhere in its text: the pieces of 3 to 5 characters of the
 *   listing's folded text are looked up in a btree of match_key, which also
 *   carries the type, price range and rooms, so most candidates that cannot
 *   match are dropped before their row is read;
 * - the others (a map area or filters only) are found in a GiST of the map
 *   area and the price range: those whose area holds the listing's position
 *   and whose range holds its price.
 *
 * Each candidate is then checked with listing_matches_search, the one
 * definition of a match. Only searches with alerts on are indexed.
 */

-- The pieces of 3 to 5 characters of a folded text (search_fold). A word holds no space, so neither
-- does a piece of one: pieces are taken word by word.
create function public.search_text_pieces(folded text)
  returns text[]
  language sql
  immutable strict parallel safe
begin atomic
  select array(
    select substr(word, start, size)
    from regexp_split_to_table(folded, ' ') as word
    cross join lateral generate_series(1, char_length(word) - 2) as start
    cross join lateral generate_series(3, least(5, char_length(word) - start + 1)) as size
  );
end;

create index saved_searches_match_key_idx on public.saved_searches (match_key)
  include (match_type, match_price, match_beds, match_baths)
  where alerts <> 'off' and match_key is not null;

create index saved_searches_match_area_idx on public.saved_searches
  using gist (match_area, match_price)
  where alerts <> 'off' and match_key is null;

create function public.saved_searches_matching(listing public.listings)
  returns table (saved_search_id uuid, user_id uuid, alerts text)
  language sql
  stable
  set search_path = ''
as $$
  with listing_at as (
    select
      box(point(listing.longitude, listing.latitude), point(listing.longitude, listing.latitude)) as at,
      case when listing.offer then listing.discounted_price else listing.regular_price end as price,
      public.search_fold(listing.location || ' ' || listing.name || ' ' || coalesce(listing.description, ''))
        as folded
  ),
  listing_pieces as (
    select listing_at.*, public.search_text_pieces(listing_at.folded) as pieces from listing_at
  ),
  candidates as (
    select s.id, s.user_id, s.alerts, s.params, s.match_words
    from public.saved_searches as s, listing_pieces as listing_at
    where s.alerts <> 'off'
      and s.match_key = any(listing_at.pieces)
      and (s.match_type is null or s.match_type = listing.type)
      and s.match_price @> listing_at.price
      and s.match_beds <= listing.bedrooms
      and s.match_baths <= listing.bathrooms
      and s.match_area @> listing_at.at
    union all
    select s.id, s.user_id, s.alerts, s.params, s.match_words
    from public.saved_searches as s, listing_at
    where s.alerts <> 'off'
      and s.match_key is null
      and s.match_area @> listing_at.at
      and s.match_price @> listing_at.price
  )
  -- listing_matches_search, with the words checked against the text folded once and the search's
  -- words as stored, rather than both again for every candidate.
  select c.id, c.user_id, c.alerts
  from candidates as c, listing_at
  where public.listing_matches_search(listing, c.params - 'q')
    and public.search_words_in(listing_at.folded, c.match_words);
$$;

revoke execute on function public.saved_searches_matching(public.listings) from public, anon, authenticated;
grant execute on function public.saved_searches_matching(public.listings) to service_role;

/**
 * Publishing queues the alerts: after an insert of listings, one delivery per
 * (matching search with alerts on, listing), the publisher's own searches
 * left out. Security definer: the publisher can neither read other people's
 * searches nor write the queue.
 */

create function public.queue_listing_alerts()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.alert_deliveries (saved_search_id, listing_id, user_id, kind)
  select m.saved_search_id, l.id, m.user_id, m.alerts
  from new_listings as l
  cross join lateral public.saved_searches_matching(l::public.listings) as m
  where m.user_id <> l.user_ref
  on conflict on constraint alert_deliveries_one_per_match do nothing;
  return null;
end;
$$;

revoke execute on function public.queue_listing_alerts() from public, anon, authenticated, service_role;

create trigger listings_queue_alerts
  after insert on public.listings
  referencing new table as new_listings
  for each statement execute function public.queue_listing_alerts();

/**
 * ---------------------------------------------------------------------------
 * The sender's side of the queue (service role only)
 * ---------------------------------------------------------------------------
 * alert_batches_due(mode): the saved searches with something to send now.
 * Instant: every pending delivery of an instant search. Daily: once London
 * time has passed 08:00, the deliveries of daily searches queued before
 * today's 08:00, so each search gets at most one digest a day, and none when
 * nothing is new.
 *
 * claim_alert_batch(search, mode): in the caller's transaction, locks the
 * search's due deliveries (`for update skip locked`: a concurrent sender
 * skips them) and returns them with what the push says. Homes the person has
 * seen since (published before they last opened the search) are marked sent
 * without a push.
 *
 * finish_alert_batch(ids, error): marks the deliveries sent, or records a
 * failed attempt: retried after 1, 4, 9, 16 minutes, given up at the 5th.
 */

create function public.alert_due_before(mode text, at timestamptz default now())
  returns timestamptz
  language sql
  stable
  set search_path = ''
as $$
  select case mode
    when 'instant' then at
    when 'daily' then (
      select case when at >= eight then eight end
      from (
        select (date_trunc('day', at at time zone 'Europe/London') + interval '8 hours')
          at time zone 'Europe/London' as eight
      ) as today
    )
  end;
$$;

create function public.alert_batches_due(mode text, batch_limit integer default 100)
  returns table (saved_search_id uuid)
  language sql
  stable
  set search_path = ''
as $$
  select d.saved_search_id
  from public.alert_deliveries as d
  join public.saved_searches as s on s.id = d.saved_search_id
  where d.sent_at is null
    and d.gave_up_at is null
    and d.next_attempt_at <= now()
    and s.alerts = mode
    and d.created_at < public.alert_due_before(mode)
  group by d.saved_search_id
  order by min(d.created_at)
  limit batch_limit;
$$;

create function public.claim_alert_batch(search_id uuid, mode text)
  returns table (
    delivery_id bigint,
    user_id uuid,
    search_name text,
    params jsonb,
    listing_id uuid,
    listing_name text,
    listing_created_at timestamptz,
    attempts integer
  )
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  opened timestamptz;
begin
  select s.last_opened_at into opened
  from public.saved_searches as s
  where s.id = search_id and s.alerts = mode;
  if not found then
    return;
  end if;
  return query
  with claimed as (
    select d.id, d.user_id, d.listing_id, d.attempts
    from public.alert_deliveries as d
    where d.saved_search_id = search_id
      and d.sent_at is null
      and d.gave_up_at is null
      and d.next_attempt_at <= now()
      and d.created_at < public.alert_due_before(mode)
    for update of d skip locked
  ),
  seen as (
    update public.alert_deliveries as d
    set sent_at = now(), last_error = 'seen in the app before it was sent'
    from claimed as c
    join public.listings as l on l.id = c.listing_id
    where d.id = c.id and l.created_at <= opened
    returning d.id
  )
  select c.id, c.user_id, s.name, s.params, l.id, l.name, l.created_at, c.attempts
  from claimed as c
  join public.listings as l on l.id = c.listing_id
  join public.saved_searches as s on s.id = search_id
  where c.id not in (select seen.id from seen)
  order by l.created_at desc, l.id desc;
end;
$$;

create function public.finish_alert_batch(delivery_ids bigint[], error text default null)
  returns void
  language sql
  volatile
  set search_path = ''
as $$
  update public.alert_deliveries
  set sent_at = case when error is null then now() end,
      attempts = attempts + 1,
      last_error = error,
      next_attempt_at = case when error is null then next_attempt_at
        else now() + make_interval(mins => (attempts + 1) * (attempts + 1)) end,
      gave_up_at = case when error is not null and attempts + 1 >= 5 then now() end
  where id = any(delivery_ids);
$$;

revoke execute on function public.alert_due_before(text, timestamptz) from public, anon, authenticated;
revoke execute on function public.alert_batches_due(text, integer) from public, anon, authenticated;
revoke execute on function public.claim_alert_batch(uuid, text) from public, anon, authenticated;
revoke execute on function public.finish_alert_batch(bigint[], text) from public, anon, authenticated;
grant execute on function public.alert_due_before(text, timestamptz) to service_role;
grant execute on function public.alert_batches_due(text, integer) to service_role;
grant execute on function public.claim_alert_batch(uuid, text) to service_role;
grant execute on function public.finish_alert_batch(bigint[], text) to service_role;

/**
 * The `N new` counts walk the newest listings from each search's
 * last_opened_at (listings_newest_idx); saved searches per person come from
 * saved_searches_user_idx. Nothing more to index here.
 */
