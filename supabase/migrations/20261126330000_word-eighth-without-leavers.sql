/**
 * ---------------------------------------------------------------------------
 * A common word's eighth: only homes with no leaving date
 * ---------------------------------------------------------------------------
 * count_listings counts a common word within an eighth of the listings first
 * (20261126200000), through a trigram index of that eighth. The index held
 * every listing of the eighth, on the market or not, so the count read homes
 * that had left the market from the heap only to drop them: at a million
 * listings, 562 of the 1,563 homes that `london`'s count read.
 *
 * The eighth is now the listings of those ids that have no leaving date
 * (off_market_at is null), and its trigram index holds only them. A home
 * with a leaving date still ahead is on the market too: it is no longer in
 * the eighth, so when the eighth does not reach 1,001 the rest is every
 * listing outside it (`not (eighth)`), and the count is exact as before.
 * When the eighth alone holds 1,001 matches, so does the whole.
 *
 * At a million listings the eighth's index is 39 MB instead of 51, and a
 * common word's count reads a quarter to a third fewer buffers (`london`
 * 1,249 -> 873, `garden` 1,639 -> 1,064, `london` for sale 2,417 -> 1,677;
 * with a type and a price about the same). At 100,000 no count reads the
 * eighth (none expects 8,000 matches), so their statements are unchanged.
 *
 * A leaving date cannot be part of an index's predicate (it is compared
 * with now()), but its absence can. Nothing here changes what a count says,
 * only which homes it reads: the eighth's statements still read
 * market_listings, which settles which homes are on the market.
 */

drop index public.listings_search_text_eighth_idx;

create index listings_search_text_eighth_idx on public.listings
  using gin (search_text extensions.gin_trgm_ops)
  where id < '20000000-0000-0000-0000-000000000000'::uuid and off_market_at is null;

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
security invoker
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
  'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 matches; a search with words counts an eighth of the listings with no leaving date first).';
