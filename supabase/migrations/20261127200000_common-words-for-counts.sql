/**
 * ---------------------------------------------------------------------------
 * Common words: a word of many descriptions counted from an index of its own
 * ---------------------------------------------------------------------------
 * A word that no busy place has but many descriptions do ("flat", "garden")
 * was counted from the trigram index: at a million listings `flat` to rent up
 * to £1,500 ANDs an eighth's trigram and price bitmaps (711 matches, 9.5 ms)
 * and reads the rest of its 1,001 through the price index, checking the word
 * on each home (12.8 ms more). No order of those indexes reaches 1,001 in
 * budget: each match costs its share of a bitmap.
 *
 * listing_common_words is a dictionary of 64 words that housing descriptions
 * use most, each with a bit. listing_word_marks holds, for every listing with
 * no leaving date and at least one of them, the bits of the dictionary words
 * its search_text contains (`marks`), with the columns a search filters on;
 * its index leads with type and price and includes the rest, so a count reads
 * it alone. A home marked with a word containing the search's word contains
 * the search's word (ILIKE compares the lower-cased text with the lower-cased
 * pattern, as the marks are made from lower(search_text)), so 1,001 marked
 * homes that pass the filters make the count 1,001 (`1,000+`): `flat` to
 * rent up to £1,500 reads 13,769 index entries of rents up to £1,500, 1,001
 * of them marked, in about 2 ms.
 * For a part of a dictionary word ("flatm" of "flatmate" is not one), the
 * marks only prove "at least 1,001", as the place words do: a home may hold
 * the search's word in a word the dictionary lacks. But a home is marked with
 * a dictionary word exactly when its text contains it, so when each word of
 * the search is a dictionary word and the try read every row of the search's
 * type and price, its count is exact for the listings with no leaving date;
 * those leaving on a later date (let agreed, sold subject to contract) are
 * counted apart, through market_listings. `flat` to rent up to £1,500 at
 * 100,000 listings (599 homes) is counted from 8,221 index entries in about
 * 1.5 ms instead of 10. Otherwise below 1,001 it counts as before.
 *
 * A try reads at most 20,000 rows of the search's type and price, so it
 * proves the count of a word held by at least one home in 20 of them (about
 * 1.5 ms in vain). The dictionary is fixed here: changing it changes what the
 * bits mean, so a migration that changes it rewrites listing_word_marks.
 *
 * The marks are kept by statement triggers on listings, like the place words:
 * a listing's row is rewritten only when a column it holds, or its text,
 * changes. A held listing keeps its row, and the count leaves it out by
 * listing_review_holds. Nobody reads or writes either table but the trigger
 * and count_listings (security definer, see the place words' migration).
 */

create table public.listing_common_words (
  bit smallint primary key check (bit between 0 and 63),
  word text not null unique check (word ~ '^[a-z]+$')
);

comment on table public.listing_common_words is
  'Words housing descriptions use most, each with its bit of listing_word_marks.marks; fixed by migration.';

insert into public.listing_common_words (bit, word)
select i - 1, word
from unnest(array[
  'flat', 'apartment', 'house', 'home', 'studio', 'cottage', 'bungalow', 'maisonette',
  'terrace', 'detached', 'semi', 'period', 'victorian', 'georgian', 'modern', 'new',
  'garden', 'balcony', 'patio', 'parking', 'garage', 'driveway', 'kitchen', 'bathroom',
  'bedroom', 'shower', 'reception', 'living', 'dining', 'room', 'open', 'double',
  'glazing', 'boiler', 'heating', 'fireplace', 'storage', 'furnished', 'bills', 'bright',
  'spacious', 'quiet', 'views', 'park', 'station', 'shops', 'schools', 'transport',
  'walk', 'centre', 'town', 'village', 'street', 'road', 'close', 'family',
  'floor', 'ground', 'lift', 'sea', 'river', 'light', 'refurbished', 'large'
]) with ordinality as d (word, i);

create table public.listing_word_marks (
  listing_id uuid primary key,
  type text not null,
  effective_price integer not null,
  marks bigint not null check (marks <> 0),
  bedrooms integer not null,
  bathrooms integer not null,
  parking boolean not null,
  furnished boolean not null,
  offer boolean not null,
  status text not null,
  latitude double precision not null,
  longitude double precision not null
);

comment on table public.listing_word_marks is
  'For each listing with no leaving date and a word of listing_common_words, the bits of those words in its search_text; kept by triggers on public.listings, read by count_listings.';

create index listing_word_marks_idx on public.listing_word_marks (type, effective_price)
  include (marks, listing_id, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude);

alter table public.listing_common_words enable row level security;
alter table public.listing_word_marks enable row level security;
revoke all on public.listing_common_words, public.listing_word_marks
  from public, anon, authenticated, service_role;

/** The bits of the dictionary words a text contains, in any case (0 for none). */
create function public.common_word_marks(text text)
returns bigint
language sql
stable
parallel safe
set search_path = ''
as $$
  select coalesce(bit_or(1::bigint << c.bit), 0)
  from public.listing_common_words as c
  where strpos(lower(text), c.word) > 0
$$;

revoke execute on function public.common_word_marks(text) from public, anon, authenticated, service_role;

/**
 * Moves a statement's listings in listing_word_marks: rows of departed
 * listings (deleted, or updated in a column the table holds or in their text)
 * go, and rows of arrived ones (inserted, or so updated) come, each only for a
 * listing with no leaving date and some dictionary word.
 */
create function public.keep_listing_word_marks()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.listing_word_marks
      (listing_id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
       longitude)
    select a.id, a.type, a.effective_price, a.marks, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
      a.status, a.latitude, a.longitude
    from (select *, public.common_word_marks(search_text) as marks from arrived where off_market_at is null) as a
    where a.marks <> 0;
  elsif tg_op = 'DELETE' then
    delete from public.listing_word_marks as m using departed as d where m.listing_id = d.id;
  else
    -- Listings whose row changes: it is updated where they keep a word, deleted where they no longer do.
    with moved as (
      select a.*, public.common_word_marks(a.search_text) as marks
      from arrived as a join departed as d on d.id = a.id
      where (d.search_text, d.type, d.effective_price, d.bedrooms, d.bathrooms, d.parking, d.furnished, d.offer,
             d.status, d.off_market_at, d.latitude, d.longitude)
        is distinct from
            (a.search_text, a.type, a.effective_price, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
             a.status, a.off_market_at, a.latitude, a.longitude)
    ),
    gone as (
      delete from public.listing_word_marks as m
      using moved
      where m.listing_id = moved.id and (moved.off_market_at is not null or moved.marks = 0)
    )
    insert into public.listing_word_marks as m
      (listing_id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
       longitude)
    select id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
      longitude
    from moved
    where off_market_at is null and marks <> 0
    on conflict (listing_id) do update set
      type = excluded.type, effective_price = excluded.effective_price, marks = excluded.marks,
      bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms, parking = excluded.parking,
      furnished = excluded.furnished, offer = excluded.offer, status = excluded.status,
      latitude = excluded.latitude, longitude = excluded.longitude;
  end if;
  return null;
end;
$$;

revoke execute on function public.keep_listing_word_marks() from public, anon, authenticated, service_role;

create trigger listings_word_marks_insert
  after insert on public.listings
  referencing new table as arrived
  for each statement execute function public.keep_listing_word_marks();

create trigger listings_word_marks_update
  after update on public.listings
  referencing old table as departed new table as arrived
  for each statement execute function public.keep_listing_word_marks();

create trigger listings_word_marks_delete
  after delete on public.listings
  referencing old table as departed
  for each statement execute function public.keep_listing_word_marks();

-- The listings already there.
insert into public.listing_word_marks
  (listing_id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
   longitude)
select id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude
from (
  select l.*, public.common_word_marks(l.search_text) as marks from public.listings as l where l.off_market_at is null
) as l
where marks <> 0;

analyze public.listing_common_words, public.listing_word_marks;

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
  -- How many rows of the search's type and price a try of listing_word_marks reads at most (about 1.5 ms in vain).
  word_rows constant integer := 20000;
  -- For each word of the search, the bits of the dictionary words containing it (0 if none does).
  marks bigint[];
  mark_conditions text[] := array['true'];
  -- Whether each word of the search is a dictionary word itself (not only part of one).
  exact_words boolean;
  -- The conditions listing_place_words' and listing_word_marks' indexes read (type and price), and those checked
  -- on their rows.
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

  place_keys := array['true'] || array(
    select c from unnest(conditions) as c where c like 'type %' or c like 'effective_price %'
  );
  place_filters := array(
    select c from unnest(conditions) as c
    where not (c like 'type %' or c like 'effective_price %') and c <> 'version > 0'
  );

  if array_length(patterns, 1) = 1 then
    -- A one-word search that a busy place's name contains: that place's homes all match the word, so
    -- 1,001 of them that pass the filters are the count, read from listing_place_words' index alone.
    -- Each place is counted apart (a home with two such words would count twice together). A try reads
    -- at most place_rows of the place's rows of the search's type and price, so a search whose other
    -- filters leave few of them costs little in vain: any 1,001 matches prove the count.
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
    -- Every word of the search contained in a dictionary word: homes marked with those words match the
    -- search, so 1,001 of them that pass the filters are the count, read from listing_word_marks' index
    -- alone (at most word_rows of its rows of the search's type and price, as a place's try).
    marks := array(
      select coalesce(bit_or(1::bigint << c.bit), 0)
      from unnest(patterns) with ordinality as p (pattern, i)
      left join public.listing_common_words as c on c.word like lower(p.pattern)
      group by p.i
      order by p.i
    );
    exact_words := (
      select bool_and(exists (
        select 1 from public.listing_common_words as c where '%' || c.word || '%' = lower(p.pattern)
      ))
      from unnest(patterns) as p (pattern)
    );
    if 0 <> all (marks) then
      for i in 1 .. array_length(marks, 1) loop
        mark_conditions := array_append(mark_conditions, format('marks & ($12)[%s] <> 0', i));
      end loop;
      execute format(
        'select count(*)::integer from (
           select from (
             select listing_id, marks, bedrooms, bathrooms, parking, furnished, offer, status, longitude, latitude
             from public.listing_word_marks
             where %s
             limit %s
           ) as l
           where %s and %s
             and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.listing_id)
           limit 1001
         ) as capped',
        array_to_string(place_keys, ' and '),
        word_rows,
        array_to_string(mark_conditions, ' and '),
        array_to_string(place_filters, ' and ')
      )
      into counted
      using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place, marks;
      if counted > 1000 then
        return counted;
      end if;
      -- Fewer than 1,001. When each word of the search is itself a dictionary word, a home matches it exactly
      -- when it is marked with it, so if the try read every row of the search's type and price, it counted
      -- every match among listings with no leaving date: those leaving on a later date are counted apart.
      if exact_words then
        execute format(
          'select count(*)::integer from (select from public.listing_word_marks where %s limit %s) as read',
          array_to_string(place_keys, ' and '),
          word_rows
        )
        into rest
        using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
        if rest < word_rows then
          execute format(
            'select count(*)::integer from (
               select from public.market_listings where off_market_at > now() and %s limit %s
             ) as capped',
            array_to_string(word_conditions || conditions, ' and '),
            1001 - counted
          )
          into rest
          using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
          return counted + rest;
        end if;
      end if;
      counted := 0;
    end if;

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
  'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 matches; a one-word search counts a busy place''s homes first, a search whose words are in common words the homes marked with them, and a search with words an eighth of the listings with no leaving date).';

revoke execute on function public.count_listings from public, anon, authenticated, service_role;
grant execute on function public.count_listings to anon, authenticated, service_role;
