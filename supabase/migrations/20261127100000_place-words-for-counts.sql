/**
 * ---------------------------------------------------------------------------
 * Place words: a busy place's homes counted from an index of their own
 * ---------------------------------------------------------------------------
 * Most searches with a word name a place ("london", "leeds"). At a million
 * listings `london` matches 78,000 homes, and its capped count read an
 * eighth's trigram index and 800-900 pages of listings: 5.8 ms, and 10.6 ms
 * with a type and a price (BitmapAnd of the eighth's trigram and price
 * indexes, 30,000 entries, for 1,001 matches).
 *
 * listing_place_words holds, for every listing with no leaving date, one row
 * per word of its location (a run of letters and digits, lower-cased), with
 * the columns a search filters on; its index leads with the word, then type
 * and price. A home whose location has a word containing a search's word
 * matches that word (its search_text starts with its location, and ILIKE
 * compares the lower-cased text with the lower-cased pattern, as lower() does
 * here), so 1,001 such homes that pass the filters make the count 1,001
 * (`1,000+`). Found there, the count reads 1,001 index entries and no
 * listing: `london` 5.8 -> 0.85 ms, `london` for rent up to £2,000 10.6 -> 0.77
 * ms (medians of 25 calls as anon at a million listings).
 * Below 1,001 it counts as before: the place words only ever prove "at least
 * 1,001", so they need not hold every match (a listing leaving on a date, a
 * word of its description), only matches, and the exact count below the cap
 * is unchanged.
 *
 * listing_place_vocabulary holds each word and how many rows it has, so only
 * places with more than 1,000 homes are tried, the busiest first. A try reads
 * at most 10,000 of the place's rows of the search's type and price, so one
 * whose other filters leave few of them (five bedrooms, parking, furnished)
 * costs at most about half a millisecond in vain; no estimate is needed first,
 * and a place's count found there skips the planner's estimate as well.
 *
 * Both tables are kept by statement triggers on listings (one grouped write
 * per statement, as listing_clusters is); an update rewrites a listing's rows
 * only when a column they hold changes. A held listing keeps its rows (it may
 * be released), and the count leaves it out by listing_review_holds, as
 * market_listings does. Vocabulary rows are upserted in word order, so two
 * statements wait for each other instead of deadlocking; a word whose homes
 * all left stays, with 0.
 *
 * Nobody reads or writes either table but its trigger and count_listings,
 * which is now security definer. It was security invoker, reading
 * market_listings, an owner's view, so its answer does not depend on the
 * caller: what it returns is a number of homes on the market, which anyone
 * may count through market_listings. Its arguments are passed as parameters
 * and choose only which of its fixed conditions apply (the Supabase security
 * advisor's notice that anon may run a security-definer function is answered
 * by this).
 */

create table public.listing_place_words (
  word text not null,
  type text not null,
  effective_price integer not null,
  listing_id uuid not null,
  bedrooms integer not null,
  bathrooms integer not null,
  parking boolean not null,
  furnished boolean not null,
  offer boolean not null,
  status text not null,
  latitude double precision not null,
  longitude double precision not null
);

comment on table public.listing_place_words is
  'One row per word of a listing''s location, for listings with no leaving date; kept by triggers on public.listings, read by count_listings.';

create index listing_place_words_idx on public.listing_place_words (word, type, effective_price)
  include (listing_id, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude);
-- A listing's rows, for the trigger: thousands of homes may share a place, a type and a price.
create index listing_place_words_listing_idx on public.listing_place_words (listing_id);

create table public.listing_place_vocabulary (
  word text primary key,
  homes integer not null
);

comment on table public.listing_place_vocabulary is
  'Each word of listing_place_words and its number of rows; kept by triggers on public.listings.';

create index listing_place_vocabulary_homes_idx on public.listing_place_vocabulary (homes);

alter table public.listing_place_words enable row level security;
alter table public.listing_place_vocabulary enable row level security;
revoke all on public.listing_place_words, public.listing_place_vocabulary
  from public, anon, authenticated, service_role;

/** The words of a location: its runs of letters and digits, lower-cased, each once (up to 100 characters). */
create function public.place_words_of(location text)
returns setof text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select distinct m[1] from regexp_matches(lower(location), '[[:alnum:]]+', 'g') as m where length(m[1]) <= 100
$$;

revoke execute on function public.place_words_of(text) from public, anon, authenticated, service_role;

/**
 * Moves a statement's listings in listing_place_words: rows of departed
 * listings (deleted, or updated in a column the table holds) go, rows of
 * arrived ones (inserted, or so updated) come, each only for a listing with
 * no leaving date; the vocabulary's counts follow in the same statement, one
 * grouped upsert in word order.
 */
create function public.keep_listing_place_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    with added as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude
      from arrived as a, public.place_words_of(a.location) as w (word)
      where a.off_market_at is null
      returning word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, count(*) from added group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;
  elsif tg_op = 'DELETE' then
    with gone as (
      delete from public.listing_place_words as p using departed as d where p.listing_id = d.id
      returning p.word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, -count(*) from gone group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;
  else
    with moved as (
      select d.id from departed as d join arrived as a on a.id = d.id
      where (d.location, d.type, d.effective_price, d.bedrooms, d.bathrooms, d.parking, d.furnished, d.offer,
             d.status, d.off_market_at, d.latitude, d.longitude)
        is distinct from
            (a.location, a.type, a.effective_price, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
             a.status, a.off_market_at, a.latitude, a.longitude)
    ),
    gone as (
      delete from public.listing_place_words as p
      where p.listing_id in (select id from moved)
      returning p.word, -1 as homes
    ),
    added as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude
      from arrived as a, public.place_words_of(a.location) as w (word)
      where a.id in (select id from moved) and a.off_market_at is null
      returning word, 1 as homes
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, sum(homes) from (select * from gone union all select * from added) as change
    group by word having sum(homes) <> 0 order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;
  end if;
  return null;
end;
$$;

revoke execute on function public.keep_listing_place_words() from public, anon, authenticated, service_role;

create trigger listings_place_words_insert
  after insert on public.listings
  referencing new table as arrived
  for each statement execute function public.keep_listing_place_words();

create trigger listings_place_words_update
  after update on public.listings
  referencing old table as departed new table as arrived
  for each statement execute function public.keep_listing_place_words();

create trigger listings_place_words_delete
  after delete on public.listings
  referencing old table as departed
  for each statement execute function public.keep_listing_place_words();

-- The listings already there.
insert into public.listing_place_words
  (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
   longitude)
select w.word, l.type, l.effective_price, l.id, l.bedrooms, l.bathrooms, l.parking, l.furnished, l.offer, l.status,
  l.latitude, l.longitude
from public.listings as l, public.place_words_of(l.location) as w (word)
where l.off_market_at is null;

insert into public.listing_place_vocabulary (word, homes)
select word, count(*) from public.listing_place_words group by word;

analyze public.listing_place_words, public.listing_place_vocabulary;

create or replace function public.count_listings(
  words text default '',
  type text default null,
  min_price integer default null,
  max_price integer default null,
  min_beds integer default null,
  min_baths integer default null,
  parking boolean default false,
  furnished boolean default false,
  offer boolean default false,
  available_only boolean default false,
  west double precision default null,
  south double precision default null,
  east double precision default null,
  north double precision default null
)
returns integer
language plpgsql
-- Volatile only because it asks the planner for an estimate (EXPLAIN, which a stable function may not
-- run); it writes nothing, and a GET runs it in a read-only transaction as before.
volatile
-- Definer, to read listing_place_words, which nobody else reads (see above).
security definer
set search_path = ''
as $$
declare
  patterns text[] := array(
    select '%' || word || '%' from unnest(string_to_array(coalesce(words, ''), ' ')) as word where word <> ''
  );
  word_conditions text[] := array['true'];
  conditions text[] := array['true'];
  -- The eighth: listings with no leaving date whose ids run from 00000000-… up to 1fffffff-…, those of
  -- listings_search_text_eighth_idx; the same ids written as listings_price_eighth_idx's predicate,
  -- `id <= eighth_last`.
  eighth constant text := 'id < ''20000000-0000-0000-0000-000000000000''::uuid and off_market_at is null';
  eighth_last constant text := '1fffffff-ffff-ffff-ffff-ffffffffffff';
  -- The eighth is read when the planner expects it to hold about 1,001 matches (8 x 1,001): read in vain
  -- it costs a third more than counting the whole at once, and found there it saves two thirds or more.
  eighth_worth_it constant double precision := 8000;
  -- With a price, the eighth reads only the homes that match both word and price, so read in vain it costs
  -- little: it is tried from half as many, as the planner's estimate of word and price together is rough.
  priced_eighth_worth_it constant double precision := 4000;
  priced boolean := min_price is not null or max_price is not null;
  -- How many of a place's rows of the search's type and price a try reads at most (about 0.6 ms in vain).
  place_rows constant integer := 10000;
  place text;
  -- The conditions listing_place_words' index reads (type and price), and those checked on its rows.
  place_keys text[];
  place_filters text[];
  plan json;
  expected double precision := 0;
  counted integer := 0;
  rest integer;
begin
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    word_conditions := array_append(word_conditions, format('search_text ilike ($1)[%s]', i));
  end loop;
  if type is not null then conditions := array_append(conditions, 'type = $2'); end if;
  if min_price is not null then conditions := array_append(conditions, 'effective_price >= $3'); end if;
  if max_price is not null then conditions := array_append(conditions, 'effective_price <= $4'); end if;
  if min_beds is not null then conditions := array_append(conditions, 'bedrooms >= $5'); end if;
  if min_baths is not null then conditions := array_append(conditions, 'bathrooms >= $6'); end if;
  if parking then conditions := array_append(conditions, 'parking'); end if;
  if furnished then conditions := array_append(conditions, 'furnished'); end if;
  -- listings_type_amenities_price_idx serves counts with parking or furnished, and only them (its migration).
  if parking or furnished then conditions := array_append(conditions, 'version > 0'); end if;
  if offer then conditions := array_append(conditions, 'offer'); end if;
  if available_only then conditions := array_append(conditions, 'status = ''available'''); end if;
  if west is not null and south is not null and east is not null and north is not null then
    conditions := conditions
      || array['longitude >= $7', 'longitude <= $8', 'latitude >= $9', 'latitude <= $10'];
  end if;

  if array_length(patterns, 1) = 1 then
    -- A one-word search that a busy place's name contains: that place's homes all match the word, so
    -- 1,001 of them that pass the filters are the count, read from listing_place_words' index alone.
    -- Each place is counted apart (a home with two such words would count twice together). A try reads
    -- at most place_rows of the place's rows of the search's type and price, so a search whose other
    -- filters leave few of them costs little in vain: any 1,001 matches prove the count.
    place_keys := array['true'] || array(
      select c from unnest(conditions) as c where c like 'type %' or c like 'effective_price %'
    );
    place_filters := array(
      select c from unnest(conditions) as c
      where not (c like 'type %' or c like 'effective_price %') and c <> 'version > 0'
    );
    for place in
      select v.word from public.listing_place_vocabulary as v
      where v.homes > 1000 and v.word like lower(patterns[1])
      order by v.homes desc, v.word
      limit 3
    loop
      execute format(
        'select count(*)::integer from (
           select from (
             select listing_id, bedrooms, bathrooms, parking, furnished, offer, status, longitude, latitude
             from public.listing_place_words
             where word = $11 and %s
             limit %s
           ) as l
           where %s
             and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.listing_id)
           limit 1001
         ) as capped',
        array_to_string(place_keys, ' and '),
        place_rows,
        array_to_string(place_filters, ' and ')
      )
      into counted
      using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place;
      if counted > 1000 then
        return counted;
      end if;
    end loop;
    counted := 0;
  end if;

  if array_length(patterns, 1) > 0 then
    -- How many the planner expects (from the column statistics, which market_listings lets it read).
    execute format(
      'explain (format json) select from public.market_listings where %s',
      array_to_string(word_conditions || conditions, ' and ')
    )
    into plan
    using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
    expected := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
  end if;

  if priced and expected >= priced_eighth_worth_it then
    -- The eighth first, through the eighth's trigram index and its price index together: the planner ANDs
    -- the two bitmaps (each an eighth of the whole one's size), and reads only homes that match both.
    execute format(
      'select count(*)::integer from (
         select from public.market_listings where %s and id <= %L::uuid and %s limit 1001
       ) as capped',
      eighth,
      eighth_last,
      array_to_string(word_conditions || conditions, ' and ')
    )
    into counted
    using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
  elsif expected >= eighth_worth_it then
    -- The eighth first. `offset 0` keeps the other filters out of the inner scan, so it reads the eighth's
    -- trigram index alone and checks the filters on its rows as they come, until 1,001 pass.
    execute format(
      'select count(*)::integer from (
         select from (
           select type, effective_price, bedrooms, bathrooms, parking, furnished, offer, status, longitude, latitude
           from public.market_listings
           where %s and %s
           offset 0
         ) as eighth
         where %s
         limit 1001
       ) as capped',
      eighth,
      array_to_string(word_conditions, ' and '),
      array_to_string(conditions, ' and ')
    )
    into counted
    using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
  end if;
  if (priced and expected >= priced_eighth_worth_it) or expected >= eighth_worth_it then
    if counted > 1000 then
      return counted;
    end if;
    -- The eighth is counted whole: the rest, every listing outside it, needs only what it lacks of 1,001.
    conditions := array_append(conditions, format('not (%s)', eighth));
  end if;

  execute format(
    'select count(*)::integer from (select from public.market_listings where %s limit %s) as capped',
    array_to_string(word_conditions || conditions, ' and '),
    1001 - counted
  )
  into rest
  using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
  return counted + rest;
end;
$$;

comment on function public.count_listings is
  'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 matches; a one-word search counts a busy place''s homes first, and a search with words an eighth of the listings with no leaving date).';

revoke execute on function public.count_listings from public, anon, authenticated, service_role;
grant execute on function public.count_listings to anon, authenticated, service_role;
