/**
 * ---------------------------------------------------------------------------
 * Complete places: exact counts below 1,000 for a busy place
 * ---------------------------------------------------------------------------
 * A busy place's rows in listing_place_words proved "at least 1,001" only:
 * they hold the homes whose location has the word and those whose text names
 * it capitalised, not every home whose text contains it ("exeter" in lower
 * case, or inside another word). So a place counted fewer than 1,001 there
 * was counted again from the trigram index ANDed with the type and price
 * index: at a million listings `exeter` for sale up to £300,000 (611 homes)
 * took 28 ms in Postgres, `cambridge` to rent up to £1,200 (599) 37 ms,
 * `manchester flat` for sale up to £200,000 (27) 16 ms.
 *
 * A place is now complete once complete_place_words() has written a row for
 * every home with no leaving date whose text (location, name, description)
 * contains the word in any case, anywhere: listing_place_vocabulary.complete.
 * From then on the trigger writes such a row for every listing it writes
 * (places_named_in), so the rows stay complete. count_listings counts a
 * search of a complete place exactly from its rows when they are few: when
 * the word is the place itself, each other word of the search is a dictionary
 * word (so the marks tell exactly which homes have it), and the try read
 * every row of the search's type and price. The homes leaving on a later
 * date, which no row holds, are counted apart, as the marks' exact count does.
 *
 * complete_place_words() completes every busy place (more than 1,000 homes,
 * four letters or more) not yet complete. This migration runs it; the bench
 * seed runs it after adding listings; a project whose places grow busy runs
 * it from time to time (README). It holds writes to listings while it runs,
 * so no listing is written between a place's rows and its flag.
 *
 * At a million listings (the bench seed) the 117 busy places gain 333,000
 * rows (1.78 to 2.11 million), for homes whose descriptions use a place's
 * name in lower case or inside another word ("england", "south", "high",
 * "market", "town" are places as well as words).
 */

alter table public.listing_place_vocabulary add column complete boolean not null default false;

comment on column public.listing_place_vocabulary.complete is
  'Whether listing_place_words has a row of this word for every listing with no leaving date whose search_text contains it (any case, anywhere): set by complete_place_words, kept by the trigger.';

create index listing_place_vocabulary_complete_idx on public.listing_place_vocabulary (word) where complete;

/**
 * The busy places a listing's text (its name and description) names as capitalised words, and the complete
 * places its text or location contains anywhere, in any case; other than the words of its location, each once.
 */
create or replace function public.places_named_in(text text, location text)
returns setof text
language sql
stable
parallel safe
set search_path = ''
as $$
  select v.word
  from public.listing_place_vocabulary as v
  where v.homes > 1000
    and length(v.word) >= 4
    and strpos(lower(text), v.word) > 0
    and text ~ ('\m' || initcap(v.word) || '\M')
    and v.word not in (select public.place_words_of(location))
  union
  select v.word
  from public.listing_place_vocabulary as v
  where v.complete
    and strpos(lower(location || ' ' || text), v.word) > 0
    and v.word not in (select public.place_words_of(location))
$$;

revoke execute on function public.places_named_in(text, text) from public, anon, authenticated, service_role;

/**
 * Completes each busy place not yet complete (or only `one_place`, if it is one): writes its rows for the listings
 * with no leaving date whose text contains it and that have none, then marks it complete. Returns how many
 * places it completed.
 */
create function public.complete_place_words(one_place text default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  place text;
  added integer;
  completed integer := 0;
begin
  -- Writes to listings wait until the places are complete (reads go on).
  lock table public.listings in share mode;
  for place in
    select v.word from public.listing_place_vocabulary as v
    where v.homes > 1000 and length(v.word) >= 4 and not v.complete and (one_place is null or v.word = one_place)
    order by v.word
  loop
    -- Planned for each place: its pattern decides how many homes the trigram index finds.
    execute format(
      'insert into public.listing_place_words
         (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
          latitude, longitude, marks)
       select %1$L, l.type, l.effective_price, l.id, l.bedrooms, l.bathrooms, l.parking, l.furnished, l.offer,
         l.status, l.latitude, l.longitude, public.common_word_marks(l.search_text)
       from public.listings as l
       where l.off_market_at is null
         and l.search_text ilike %2$L
         and strpos(lower(l.search_text), %1$L) > 0
         and not exists (
           select 1 from public.listing_place_words as p where p.listing_id = l.id and p.word = %1$L
         )',
      place,
      '%' || place || '%'
    );
    get diagnostics added = row_count;
    update public.listing_place_vocabulary set homes = homes + added, complete = true where word = place;
    completed := completed + 1;
  end loop;
  return completed;
end;
$$;

revoke execute on function public.complete_place_words(text) from public, anon, authenticated, service_role;

select public.complete_place_words();

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
  -- Whether the place's rows are complete: a row for every home with no leaving date whose text contains it.
  place_complete boolean;
  -- How many rows of the place a try reads at most.
  place_limit integer;
  -- How many rows of the search's type and price a try of listing_word_marks reads at most (about 1.5 ms in vain).
  word_rows constant integer := 20000;
  -- For each word of the search, the bits of the dictionary words containing it (0 if none does).
  marks bigint[] := '{}';
  mark_conditions text[] := array['true'];
  -- In a place's try, the marks the search's other words need.
  other_marks text[];
  -- Whether each word of the search is a dictionary word itself (not only part of one), and whether all are.
  dictionary_words boolean[];
  exact_words boolean;
  -- The homes leaving on a later date that match the search (those rows of neither table hold), at most %s.
  leaving_sql text;
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

  leaving_sql := format(
    'select count(*)::integer from (
       select from public.market_listings where off_market_at > now() and %s limit %%s
     ) as capped',
    array_to_string(word_conditions || conditions, ' and ')
  );

  dictionary_words := array(
    select exists (select 1 from public.listing_common_words as c where '%' || c.word || '%' = lower(p.pattern))
    from unnest(patterns) with ordinality as p (pattern, i)
    order by p.i
  );
  exact_words := true = all (dictionary_words);

  -- For each word of the search, the bits of the dictionary words containing it (0 if none does).
  marks := array(
    select coalesce(bit_or(1::bigint << c.bit), 0)
    from unnest(patterns) with ordinality as p (pattern, i)
    left join public.listing_common_words as c on c.word like lower(p.pattern)
    group by p.i
    order by p.i
  );

  -- A busy place whose name contains a word of the search: that place's homes all match the word, so
  -- 1,001 of them that pass the filters, and are marked with a dictionary word containing each other word
  -- of the search, are the count, read from listing_place_words' index alone. Each place is counted apart
  -- (a home with two such words would count twice together). A try reads at most place_rows of the
  -- place's rows of the search's type and price, so a search whose other filters leave few of them costs
  -- little in vain: any 1,001 matches prove the count.
  --
  -- Fewer than 1,001 are the count when the place is complete and is the word itself, each other word is a
  -- dictionary word (so the marks say exactly which homes have it), and the try read every row of the place's
  -- type and price: then it counted every match with no leaving date, and those leaving later are counted apart.
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    continue when exists (select 1 from unnest(marks) with ordinality as m (bits, j) where j <> i and bits = 0);
    other_marks := array(
      select format('marks & ($12)[%s] <> 0', j) from generate_series(1, array_length(patterns, 1)) as j
      where j <> i
    );
    for place, place_complete in
      select v.word, v.complete from public.listing_place_vocabulary as v
      where v.homes > 1000 and v.word like lower(patterns[i])
      order by v.homes desc, v.word
      limit 3
    loop
      -- With other words, fewer of the place's homes match: as many rows as a try of the marks.
      place_limit := case when cardinality(other_marks) > 0 then word_rows else place_rows end;
      execute format(
        'select count(*)::integer from (
           select from (
             select listing_id, marks, bedrooms, bathrooms, parking, furnished, offer, status, longitude, latitude
             from public.listing_place_words
             where word = $11 and %s
             limit %s
           ) as l
           where %s
             and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.listing_id)
           limit 1001
         ) as capped',
        array_to_string(place_keys, ' and '),
        place_limit,
        array_to_string(array['true'] || other_marks || place_filters, ' and ')
      )
      into counted
      using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place, marks;
      if counted > 1000 then
        return counted;
      end if;
      if place_complete and lower(patterns[i]) = '%' || place || '%'
        and true = all (array(select d from unnest(dictionary_words) with ordinality as w (d, j) where j <> i))
      then
        execute format(
          'select count(*)::integer from (
             select from public.listing_place_words where word = $11 and %s limit %s
           ) as read',
          array_to_string(place_keys, ' and '),
          place_limit
        )
        into rest
        using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place;
        if rest < place_limit then
          execute format(leaving_sql, 1001 - counted)
          into rest
          using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
          return counted + rest;
        end if;
      end if;
    end loop;
  end loop;
  counted := 0;

  if array_length(patterns, 1) > 0 then
    -- Every word of the search contained in a dictionary word: homes marked with those words match the
    -- search, so 1,001 of them that pass the filters are the count, read from listing_word_marks' index
    -- alone (at most word_rows of its rows of the search's type and price, as a place's try).
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
          execute format(leaving_sql, 1001 - counted)
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
  'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 matches; a search counts first the homes of a busy place one of its words names, marked with its other words, exactly when the place is complete, then the homes marked with its words, then an eighth of the listings with no leaving date).';

revoke execute on function public.count_listings from public, anon, authenticated, service_role;
grant execute on function public.count_listings to anon, authenticated, service_role;
