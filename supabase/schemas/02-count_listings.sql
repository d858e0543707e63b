/**
 * ---------------------------------------------------------------------------
 * count_listings: a search's count, capped
 * ---------------------------------------------------------------------------
 * The filters are the search's (search-query.ts): each of `words` (the
 * search's words, split and cleaned by the app, joined by spaces) matched by
 * `search_text ilike '%word%'`, exactly as the app asks PostgREST; type, price
 * range (on the price a person pays), least bedrooms and bathrooms, parking,
 * furnished, on offer, available only (not under offer, sold STC or let
 * agreed) and the map's box. Returns the number of matches when it is at most
 * 1,000, else 1,001: it reads at most 1,001 rows whatever the table holds.
 *
 * The statement is built from the filters that are set (each value passed
 * as a parameter, never as text), so each call is planned for its own
 * filters and values. It counts the homes market_listings shows (every list
 * and search reads that view), so a count covers exactly the homes the
 * search can list: first from the rows of a busy place one of the words
 * names (listing_place_words), then from the homes marked with the words
 * (listing_word_marks), then from an eighth of the listings with no leaving
 * date; the comment on the function below says when each is tried.
 *
 * It is security definer: nobody but it and their triggers reads those
 * tables, and its answer does not depend on the caller (a number of homes on
 * the market, which anyone may count through market_listings). Its arguments
 * only choose which of its fixed conditions apply.
 */

create or replace function public.count_listings(words text default ''::text, type text default NULL::text, min_price integer default NULL::integer, max_price integer default NULL::integer, min_beds integer default NULL::integer, min_baths integer default NULL::integer, parking boolean default false, furnished boolean default false, offer boolean default false, available_only boolean default false, west double precision default NULL::double precision, south double precision default NULL::double precision, east double precision default NULL::double precision, north double precision default NULL::double precision)
  returns integer
  language plpgsql
  security definer
  set search_path to ''
as $function$
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
$function$;

comment on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) is 'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 matches; a search counts first the homes of a busy place one of its words names, marked with its other words, exactly when the place is complete, then the homes marked with its words (exactly, by an index of their bits, when all are dictionary words), then an eighth of the listings with no leaving date).';

revoke all on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) from public, anon, authenticated, service_role;
grant execute on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) to anon;
grant execute on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) to authenticated;
grant execute on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) to service_role;
