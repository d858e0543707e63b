/**
 * ---------------------------------------------------------------------------
 * The newest homes of a place, paged from its own rows
 * ---------------------------------------------------------------------------
 * A search sorted newest walks the listings newest first and checks each
 * against its words, until a page's worth match. For a place and a common
 * word that is a long walk: page 1 of `london garden` to rent up to £2,000, at
 * a million listings, read 2,322 listings for its 11 (4.3 ms in Postgres, and
 * 53-66 ms p95 with eight requests at once through the stack).
 *
 * A complete place (the complete-place-words migration) has a row in
 * listing_place_words for every home with no leaving date whose text contains
 * it, and each row carries its home's marks (the dictionary words its text
 * contains). So when one word of a search is a complete place and each other
 * word is a dictionary word, the place's rows whose marks hold those words,
 * of the search's type and price, are exactly the matches. Each row now also
 * carries its listing's creation time (fixed once the listing is published),
 * and a new index orders a place's rows newest first, with type, price and
 * marks in it: the page walks that index and reads only the listings it
 * returns (the same search, page 1: 339 index entries and 11 listings, 0.7 ms).
 *
 * The homes leaving on a later date (sold subject to contract, let agreed)
 * are on the market too, and a portal has many: they now have rows as well,
 * each with its leaving date, so the page walks one index for all of them.
 * Read apart instead, by a query of their own, 35,000 of them at a million
 * made that page 53 ms. count_listings reads only the rows with no leaving
 * date, as before, and counts the others apart, as before. A row whose home's
 * leaving date has passed is left out by both, and complete_place_words
 * (nightly on a hosted project, see the README) deletes such rows.
 *
 * search_newest(words, filters, after_created_at, after_id, page_size) is one
 * page of a search sorted newest, as the app asked market_listings for it:
 * the same rows in the same order. It pages a complete place's rows when it
 * can, and otherwise runs the query the app sent before, on market_listings.
 * Every row it returns is read from market_listings and checked there against
 * every word and filter, so it returns only homes that view shows anyone (on
 * the market and not held), with the view's columns. It is security definer
 * only to read listing_place_words, which nobody else reads; its arguments are
 * parameters that choose which of its fixed conditions apply (the answer to
 * the Supabase security advisor's notice, as for count_listings).
 */

-- Filled by an UPDATE of every row: at a million listings (2.1 million rows) it took about a minute and left the
-- table and its indexes about twice their size. On a hosted project of that size, run `vacuum full
-- public.listing_place_words` and then `vacuum public.listing_place_words` after it (10 s at a million, holding the
-- trigger's writes meanwhile), or leave the space for autovacuum to reuse.
alter table public.listing_place_words
  add column created_at timestamptz,
  add column off_market_at timestamptz;

update public.listing_place_words as p
set created_at = l.created_at
from public.listings as l
where l.id = p.listing_id;

alter table public.listing_place_words alter column created_at set not null;

comment on column public.listing_place_words.created_at is
  'The listing''s created_at (never changes once it is published), for paging a place''s homes newest first.';
comment on column public.listing_place_words.off_market_at is
  'The listing''s leaving date: null for most; a row of a home leaving on a later date is paged, not counted.';
comment on table public.listing_place_words is
  'One row per word of a listing''s location and busy place its text names, for listings on the market (no leaving date, or a later one); kept by triggers on public.listings, read by count_listings and search_newest.';

-- The homes leaving on a later date, and the vocabulary's counts with them (as the trigger writes them).
with added as (
  insert into public.listing_place_words
    (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
     latitude, longitude, marks, created_at, off_market_at)
  select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
    a.status, a.latitude, a.longitude, m.marks, a.created_at, a.off_market_at
  from public.listings as a
    cross join lateral (select public.common_word_marks(a.search_text) as marks) as m
    cross join lateral (
      select public.place_words_of(a.location)
      union
      select public.places_named_in(a.name || ' ' || coalesce(a.description, ''), a.location)
    ) as w (word)
  where a.off_market_at > now()
  returning word
)
insert into public.listing_place_vocabulary as v (word, homes)
select word, count(*) from added group by word order by word
on conflict (word) do update set homes = v.homes + excluded.homes;

-- Counts read the rows with no leaving date: the leaving date is in the index, so they still read it alone.
drop index public.listing_place_words_idx;
create index listing_place_words_idx on public.listing_place_words (word, type, effective_price)
  include (listing_id, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude, off_market_at);

-- A place's homes newest first, with what a page checks before reading a listing.
create index listing_place_words_newest_idx on public.listing_place_words (word, created_at desc, listing_id desc)
  include (type, effective_price, marks, off_market_at);

-- The rows of homes with a leaving date, for complete_place_words to delete those whose date has passed.
create index listing_place_words_leaving_idx on public.listing_place_words (off_market_at)
  where off_market_at is not null;

/**
 * As before (the place-words-with-marks migration), each row with its listing's creation time and leaving date,
 * and rows for the listings leaving on a later date as well.
 */
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
         latitude, longitude, marks, created_at, off_market_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at, a.off_market_at
      from arrived as a
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m, public.place_words_of(a.location) as w (word)
      where (a.off_market_at is null or a.off_market_at > now())
      returning word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, count(*) from added group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;

    -- Then the busy places their texts name.
    with named as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude, marks, created_at, off_market_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at, a.off_market_at
      from arrived as a
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m,
        public.places_named_in(a.name || ' ' || coalesce(a.description, ''), a.location) as w (word)
      where (a.off_market_at is null or a.off_market_at > now())
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
         latitude, longitude, marks, created_at, off_market_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at, a.off_market_at
      from arrived as a
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m, public.place_words_of(a.location) as w (word)
      where a.id in (select id from moved) and (a.off_market_at is null or a.off_market_at > now())
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
         latitude, longitude, marks, created_at, off_market_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at, a.off_market_at
      from arrived as a
        join departed as d on d.id = a.id
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m,
        public.places_named_in(a.name || ' ' || coalesce(a.description, ''), a.location) as w (word)
      where (a.off_market_at is null or a.off_market_at > now())
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

/**
 * As before (the complete-place-words migration), each row with its listing's creation time and leaving date, for
 * the listings leaving on a later date too; and first deletes the rows of homes whose leaving date has passed
 * (which the trigger cannot: time passes without a write), with their vocabulary counts.
 */
create or replace function public.complete_place_words(one_place text default null)
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
  with gone as (
    delete from public.listing_place_words as p where p.off_market_at <= now() returning p.word
  )
  insert into public.listing_place_vocabulary as v (word, homes)
  select word, -count(*) from gone group by word order by word
  on conflict (word) do update set homes = v.homes + excluded.homes;

  for place in
    select v.word from public.listing_place_vocabulary as v
    where v.homes > 1000 and length(v.word) >= 4 and not v.complete and (one_place is null or v.word = one_place)
    order by v.word
  loop
    -- Planned for each place: its pattern decides how many homes the trigram index finds.
    execute format(
      'insert into public.listing_place_words
         (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
          latitude, longitude, marks, created_at, off_market_at)
       select %1$L, l.type, l.effective_price, l.id, l.bedrooms, l.bathrooms, l.parking, l.furnished, l.offer,
         l.status, l.latitude, l.longitude, public.common_word_marks(l.search_text), l.created_at, l.off_market_at
       from public.listings as l
       where (l.off_market_at is null or l.off_market_at > now())
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

/** As before (the dictionary-words-by-their-bits migration), reading only the place rows of homes with no leaving date. */
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
  -- The bits of the dictionary words the search's words are, when each is one.
  word_bits integer[];
  -- The count of the homes marked with those words, by the index of their bits; whether it is made, and when
  -- it is made first: when the planner expects no more homes with the words together than a try reads in vain.
  bits_sql text;
  by_bits boolean := false;
  few_together constant double precision := 10000;
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
  word_bits := array(
    select c.bit::integer
    from unnest(patterns) as p (pattern)
      join public.listing_common_words as c on '%' || c.word || '%' = lower(p.pattern)
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
             where word = $11 and off_market_at is null and %s
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
             select from public.listing_place_words where word = $11 and off_market_at is null and %s limit %s
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
      -- Each word a dictionary word: the homes marked with every one are the matches with no leaving date, found
      -- by the index of their bits (or with the type and price index too, as the planner judges), the filters
      -- checked on them. When few homes have the words together, as the planner reckons from the bits'
      -- statistics, they are counted so at once: a try would read in vain.
      if exact_words then
        bits_sql := format(
          'select count(*)::integer from (
             select from public.listing_word_marks as l
             where public.common_word_bits(marks) @> $13 and %s and %s
               and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.listing_id)
             limit 1001
           ) as capped',
          array_to_string(place_keys, ' and '),
          array_to_string(array['true'] || place_filters, ' and ')
        );
        execute 'explain (format json) select from public.listing_word_marks where public.common_word_bits(marks) @> $1'
        into plan
        using word_bits;
        by_bits := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision <= few_together;
      end if;
      if not by_bits then
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
        -- every match among listings with no leaving date; if not, the words' index counts them.
        if exact_words then
          execute format(
            'select count(*)::integer from (select from public.listing_word_marks where %s limit %s) as read',
            array_to_string(place_keys, ' and '),
            word_rows
          )
          into rest
          using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
          by_bits := rest >= word_rows;
        end if;
      end if;
      if by_bits then
        execute bits_sql
        into counted
        using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place, marks,
          word_bits;
        if counted > 1000 then
          return counted;
        end if;
      end if;
      if exact_words then
        -- Those leaving on a later date are counted apart.
        execute format(leaving_sql, 1001 - counted)
        into rest
        using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
        return counted + rest;
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
  'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 matches; a search counts first the homes of a busy place one of its words names, marked with its other words, exactly when the place is complete, then the homes marked with its words (exactly, by an index of their bits, when all are dictionary words), then an eighth of the listings with no leaving date).';

revoke execute on function public.count_listings from public, anon, authenticated, service_role;
grant execute on function public.count_listings to anon, authenticated, service_role;
/**
 * One page of a search sorted newest (created_at desc, id desc): up to page_size homes of market_listings that
 * match every word (any part, any case, as ILIKE) and filter, after the home (after_created_at, after_id) when
 * given. The arguments are count_listings', and the rows those the app read from market_listings before.
 */
create function public.search_newest(
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
  north double precision default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 11
)
returns setof public.market_listings
language plpgsql
stable
-- Definer, to read listing_place_words, which nobody else reads (see above).
security definer
set search_path = ''
as $$
declare
  patterns text[] := array(
    select '%' || lower(word) || '%' from unnest(string_to_array(coalesce(words, ''), ' ')) as word where word <> ''
  );
  in_area boolean := west is not null and south is not null and east is not null and north is not null;
  -- Where the page starts: after the cursor's home, or at the top (no home is newer than infinity).
  before_time timestamptz := coalesce(after_created_at, 'infinity');
  before_id uuid := coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
  -- The complete place the page is read from, and the bits of the search's other words (each a dictionary word).
  place text;
  other_marks bigint;
  -- The search's conditions on market_listings ($n: the arguments as EXECUTE passes them).
  conditions text[] := array['true'];
begin
  if page_size is null or page_size < 1 or page_size > 100 then
    raise exception 'page_size must be from 1 to 100' using errcode = '22023';
  end if;
  if (after_created_at is null) <> (after_id is null) then
    raise exception 'after_created_at and after_id go together: give both or neither' using errcode = '22023';
  end if;

  -- A word of the search that is a complete place (the one with the fewest homes, if several are, found by its
  -- key), when every other word is a dictionary word: then the place's rows with those words' marks are the
  -- matches. A search of the place alone has no other word: no marks to check.
  select v.word, coalesce(bit_or(1::bigint << c.bit), 0)
  into place, other_marks
  from public.listing_place_vocabulary as v
    left join unnest(patterns) as p (pattern) on p.pattern <> '%' || v.word || '%'
    left join public.listing_common_words as c on '%' || c.word || '%' = p.pattern
  where v.word = any (array(select substr(q, 2, length(q) - 2) from unnest(patterns) as q)) and v.complete
  group by v.word, v.homes
  having count(p.pattern) = count(c.word)
  order by v.homes, v.word
  limit 1;

  if place is not null then
    -- The place's rows newest first, from its index (type, price, marks and leaving date in it), each listing read
    -- and checked in market_listings in that order until a page is full. `limit 1`: one listing per row, looked
    -- up by its id (never a join of all the place's homes). A plan kept for the session: the same for any values.
    return query
    select m.*
    from public.listing_place_words as p
      cross join lateral (
        select m.* from public.market_listings as m
        where m.id = p.listing_id
          and m.search_text ilike all (patterns)
          and (search_newest.type is null or m.type = search_newest.type)
          and (min_price is null or m.effective_price >= min_price)
          and (max_price is null or m.effective_price <= max_price)
          and (min_beds is null or m.bedrooms >= min_beds)
          and (min_baths is null or m.bathrooms >= min_baths)
          and (search_newest.parking is not true or m.parking)
          and (search_newest.furnished is not true or m.furnished)
          and (search_newest.offer is not true or m.offer)
          and (available_only is not true or m.status = 'available')
          and (not in_area or (m.longitude >= west and m.longitude <= east and m.latitude >= south and m.latitude <= north))
        limit 1
      ) as m
    where p.word = place
      and (p.created_at, p.listing_id) < (before_time, before_id)
      and (p.off_market_at is null or p.off_market_at > now())
      and (search_newest.type is null or p.type = search_newest.type)
      and (min_price is null or p.effective_price >= min_price)
      and (max_price is null or p.effective_price <= max_price)
      and p.marks & other_marks = other_marks
    order by p.created_at desc, p.listing_id desc
    limit page_size;
    return;
  end if;

  -- Otherwise the query the app sent market_listings, planned for these values.
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    conditions := array_append(conditions, format('search_text ilike ($1)[%s]', i));
  end loop;
  if search_newest.type is not null then conditions := array_append(conditions, 'type = $2'); end if;
  if min_price is not null then conditions := array_append(conditions, 'effective_price >= $3'); end if;
  if max_price is not null then conditions := array_append(conditions, 'effective_price <= $4'); end if;
  if min_beds is not null then conditions := array_append(conditions, 'bedrooms >= $5'); end if;
  if min_baths is not null then conditions := array_append(conditions, 'bathrooms >= $6'); end if;
  if search_newest.parking then conditions := array_append(conditions, 'parking'); end if;
  if search_newest.furnished then conditions := array_append(conditions, 'furnished'); end if;
  if search_newest.offer then conditions := array_append(conditions, 'offer'); end if;
  if available_only then conditions := array_append(conditions, 'status = ''available'''); end if;
  if in_area then
    conditions := conditions
      || array['longitude >= $7', 'longitude <= $8', 'latitude >= $9', 'latitude <= $10'];
  end if;
  -- The keyset as the app wrote it: a bound the index starts at, and the rows after the cursor's home at it.
  if after_created_at is not null then
    conditions := array_append(conditions, 'created_at <= $11 and (created_at < $11 or id < $12)');
  end if;
  return query execute format(
    'select * from public.market_listings where %s order by created_at desc, id desc limit $13',
    array_to_string(conditions, ' and ')
  )
  using patterns, search_newest.type, min_price, max_price, min_beds, min_baths, west, east, south, north,
    after_created_at, after_id, page_size;
end;
$$;

comment on function public.search_newest is
  'A page of a search sorted newest, as market_listings gives it (its rows, in created_at desc, id desc order, after the cursor''s home): read from a complete place''s rows when one word is that place and the others are dictionary words.';

revoke execute on function public.search_newest from public, anon, authenticated, service_role;
grant execute on function public.search_newest to anon, authenticated, service_role;

analyze public.listing_place_words;
