/**
 * ---------------------------------------------------------------------------
 * Place words with their homes' marks: a place and a common word counted
 * together
 * ---------------------------------------------------------------------------
 * A search of two words counted from neither the place words (one word only)
 * nor the marks (a place is not a dictionary word): at a million listings
 * `london garden` to rent up to £2,000 took 56 ms in Postgres, `york flat`
 * to rent up to £2,000 47 ms, `london flat` 15 ms. A place and what is
 * wanted there is how people search.
 *
 * Each row of listing_place_words now carries its listing's marks (the bits
 * of the dictionary words its text contains, as listing_word_marks holds
 * them), in the index's included columns. count_listings tries, for each word
 * of a search that a busy place's name contains, that place's rows, checking
 * that each other word of the search is in a dictionary word the home is
 * marked with: such a home matches every word, so 1,001 of them that pass the
 * filters are the count, read from the index alone. A search of one word is
 * tried as before; a search with a word in neither is counted as before.
 *
 * The trigger is restated to write the marks, computed once per listing.
 */

alter table public.listing_place_words add column marks bigint not null default 0;

update public.listing_place_words as p
set marks = m.marks
from public.listing_word_marks as m
where m.listing_id = p.listing_id;

drop index public.listing_place_words_idx;
create index listing_place_words_idx on public.listing_place_words (word, type, effective_price)
  include (listing_id, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude);

comment on column public.listing_place_words.marks is
  'The listing''s bits of listing_common_words (as listing_word_marks.marks), for searches of a place and a common word.';

/** As before (the places-named-in-descriptions migration), and each row with its listing's marks. */
create or replace function public.keep_listing_place_words()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    with gone as (
      delete from public.listing_place_words as p using departed as d where p.listing_id = d.id
      returning p.word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, -count(*) from gone group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;
    return null;
  end if;

  if tg_op = 'INSERT' then
    with added as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude, marks)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks
      from arrived as a
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m, public.place_words_of(a.location) as w (word)
      where a.off_market_at is null
      returning word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, count(*) from added group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;

    -- Then the busy places their texts name.
    with named as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude, marks)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks
      from arrived as a
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m,
        public.places_named_in(a.name || ' ' || coalesce(a.description, ''), a.location) as w (word)
      where a.off_market_at is null
      returning word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, count(*) from named group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;
  else
    with moved as (
      select d.id from departed as d join arrived as a on a.id = d.id
      where (d.location, d.name, d.description, d.type, d.effective_price, d.bedrooms, d.bathrooms, d.parking,
             d.furnished, d.offer, d.status, d.off_market_at, d.latitude, d.longitude)
        is distinct from
            (a.location, a.name, a.description, a.type, a.effective_price, a.bedrooms, a.bathrooms, a.parking,
             a.furnished, a.offer, a.status, a.off_market_at, a.latitude, a.longitude)
    ),
    gone as (
      delete from public.listing_place_words as p
      where p.listing_id in (select id from moved)
      returning p.word, -1 as homes
    ),
    added as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude, marks)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks
      from arrived as a
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m, public.place_words_of(a.location) as w (word)
      where a.id in (select id from moved) and a.off_market_at is null
      returning word, 1 as homes
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, sum(homes) from (select * from gone union all select * from added) as change
    group by word having sum(homes) <> 0 order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;

    -- Then the busy places named in the texts of those rewritten.
    with named as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude, marks)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks
      from arrived as a
        join departed as d on d.id = a.id
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m,
        public.places_named_in(a.name || ' ' || coalesce(a.description, ''), a.location) as w (word)
      where a.off_market_at is null
        and (d.location, d.name, d.description, d.type, d.effective_price, d.bedrooms, d.bathrooms, d.parking,
             d.furnished, d.offer, d.status, d.off_market_at, d.latitude, d.longitude)
          is distinct from
            (a.location, a.name, a.description, a.type, a.effective_price, a.bedrooms, a.bathrooms, a.parking,
             a.furnished, a.offer, a.status, a.off_market_at, a.latitude, a.longitude)
      returning word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, count(*) from named group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;
  end if;

  return null;
end;
$$;

analyze public.listing_place_words;

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
  marks bigint[] := '{}';
  mark_conditions text[] := array['true'];
  -- In a place's try, the marks the search's other words need.
  other_marks text[];
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
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    continue when exists (select 1 from unnest(marks) with ordinality as m (bits, j) where j <> i and bits = 0);
    other_marks := array(
      select format('marks & ($12)[%s] <> 0', j) from generate_series(1, array_length(patterns, 1)) as j
      where j <> i
    );
    for place in
      select v.word from public.listing_place_vocabulary as v
      where v.homes > 1000 and v.word like lower(patterns[i])
      order by v.homes desc, v.word
      limit 3
    loop
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
        -- With other words, fewer of the place's homes match: as many rows as a try of the marks.
        case when cardinality(other_marks) > 0 then word_rows else place_rows end,
        array_to_string(array['true'] || other_marks || place_filters, ' and ')
      )
      into counted
      using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place, marks;
      if counted > 1000 then
        return counted;
      end if;
    end loop;
  end loop;
  counted := 0;

  if array_length(patterns, 1) > 0 then
    -- Every word of the search contained in a dictionary word: homes marked with those words match the
    -- search, so 1,001 of them that pass the filters are the count, read from listing_word_marks' index
    -- alone (at most word_rows of its rows of the search's type and price, as a place's try).
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
  'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 matches; a search counts first the homes of a busy place one of its words names, marked with its other words, then the homes marked with its words, then an eighth of the listings with no leaving date).';

revoke execute on function public.count_listings from public, anon, authenticated, service_role;
grant execute on function public.count_listings to anon, authenticated, service_role;
