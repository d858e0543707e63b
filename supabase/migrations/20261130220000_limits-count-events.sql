/**
 * ---------------------------------------------------------------------------
 * Limits count events; names, messages and reductions mean what they say
 * ---------------------------------------------------------------------------
 * Issue #46 found writes that got round the rules:
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
 * One row per listing published: the daily cap counts these, so deleting a
 * listing does not give its place back. Only the last day matters, so the
 * publisher's older rows are deleted whenever they publish. The log is the
 * server's: no grants to any API role, no policies. A listing published by
 * the service role or the owner (seeding, maintenance) is logged too when it
 * is dated within the day, so it counts toward its publisher's next publish
 * as it did when rows were counted; only API callers are held to the cap.
 */

create table public.listing_publishes (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- No foreign key: the event outlives its listing, which is the point.
  listing_id uuid not null,
  published_at timestamptz not null default now()
);

comment on table public.listing_publishes is
  'Listings published, one row per publish, for the daily publishing cap; rows older than a day may go. Server-only.';

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
  published timestamptz;
begin
  if not (current_user in ('anon', 'authenticated') or coalesce(auth.role(), '') in ('anon', 'authenticated'))
     or publisher is null then
    -- Seeding and maintenance are not capped, but a listing dated within the day is still a publish.
    publisher := coalesce(new.user_ref, auth.uid());
    published := coalesce(new.created_at, now());
    if publisher is not null and published > now() - interval '1 day'
       and not exists (select 1 from public.listings as l where l.id = new.id) then
      insert into public.listing_publishes (user_id, listing_id, published_at)
      values (publisher, new.id, published);
    end if;
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
  if (select count(*) from public.listing_publishes as p where p.user_id = publisher) >= 20 then
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
  'Refuses a new listing beyond 20 publishes a day (deleted ones count) or 200 listings in all (API callers only); logs each publish.';

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

