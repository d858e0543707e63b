/**
 * ---------------------------------------------------------------------------
 * A common word's capped count, from an eighth of the listings first
 * ---------------------------------------------------------------------------
 * count_listings stops at 1,001 matches, but a word search reached its first
 * match only after the trigram index had answered with a bitmap of every home
 * containing the word: 102,683 homes contain `london` at a million listings,
 * which took 28-30 ms before the count could start, and 70 ms with a type and
 * a price, as Postgres also ANDed the bitmap of the price index (171,856).
 *
 * A count of 1,001 needs only 1,001 matches, from anywhere. So a search with
 * words is first counted within the listings whose id begins with 0 or 1 (an
 * eighth: ids are random), through a trigram index of that eighth alone, with
 * the other filters checked on those candidates rather than ANDed from their
 * own indexes. When that eighth alone holds 1,001 matches, so does the whole,
 * and the count is 1,001 (`1,000+ homes`). Otherwise the eighth's count is
 * exact, and the other seven eighths are counted as before, up to what it
 * lacks of 1,001. So a count below 1,001 is always the exact count of every listing,
 * and which listings form the eighth decides only how fast the answer comes,
 * never what it is. The eighth is read first only when the planner expects
 * at least 8,000 matches (so that an eighth of them is about 1,001); other
 * searches are counted whole at once, as before,
 * after that estimate (a plan, not a run: about half a millisecond). At a
 * million listings `london`'s count takes a third of what it did.
 *
 * Both statements read market_listings, as before: the eighth adds a
 * condition on id to the caller's own view of the homes on the market, and
 * shows nothing more.
 */

-- An eighth of the trigram index: ids from 00000000-… up to 1fffffff-….
create index listings_search_text_eighth_idx on public.listings
  using gin (search_text extensions.gin_trgm_ops)
  where id < '20000000-0000-0000-0000-000000000000'::uuid;

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
  -- The eighth: ids from 00000000-… up to 1fffffff-…, those of listings_search_text_eighth_idx.
  eighth_below constant text := '20000000-0000-0000-0000-000000000000';
  -- The eighth is read when the planner expects it to hold about 1,001 matches (8 x 1,001): read in vain
  -- it costs a third more than counting the whole at once, and found there it saves two thirds or more.
  eighth_worth_it constant double precision := 8000;
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

  if expected >= eighth_worth_it then
    -- The eighth first. `offset 0` keeps the other filters out of the inner scan, so it reads the eighth's
    -- trigram index alone and checks the filters on its rows as they come, until 1,001 pass.
    execute format(
      'select count(*)::integer from (
         select from (
           select type, effective_price, bedrooms, bathrooms, parking, furnished, offer, status, longitude, latitude
           from public.market_listings
           where id < %L::uuid and %s
           offset 0
         ) as eighth
         where %s
         limit 1001
       ) as capped',
      eighth_below,
      array_to_string(word_conditions, ' and '),
      array_to_string(conditions, ' and ')
    )
    into counted
    using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
    if counted > 1000 then
      return counted;
    end if;
    -- The eighth is counted whole: the rest needs only what it lacks of 1,001.
    conditions := array_append(conditions, format('id >= %L::uuid', eighth_below));
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
  'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 matches; a search with words counts an eighth of the listings first).';
