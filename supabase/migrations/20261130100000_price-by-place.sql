/**
 * ---------------------------------------------------------------------------
 * A place's homes by price, paged from its own rows
 * ---------------------------------------------------------------------------
 * A search with words sorted by price walks the listings of its type and
 * price in price order and checks each against its words, until a page's
 * worth match. For a town many descriptions name, few of whose texts match,
 * that is a long walk: page 1 of `york` to rent up to £2,000, price rising, at
 * a million listings read 2,063 buffers of listings for its 11 (3.4 ms in
 * Postgres), and such rows of the bench came near 60 ms p95 with eight
 * requests at once through the stack.
 *
 * listing_place_words (the newest-by-place migration) has a row for every
 * home on the market whose text contains a complete place, with its type,
 * price, marks, the filters' columns and its leaving date, in an index by
 * (word, type, price). Its key now ends with the listing's id, so a place's
 * rows of one type come in the order a price page shows them (price, then id),
 * ties included; without a type the two types' rows are merged in that order.
 *
 * search_by_price(words, filters, descending, after_price, after_id,
 * page_size) is one page of a search sorted by price, rising or falling, as
 * the app asked market_listings for it: the same rows in the same order. As
 * search_newest does for newest, it pages a complete place's rows when one
 * word is that place and each other word is a dictionary word, checking type,
 * price, the words' marks and the leaving date on the rows before it reads a
 * listing, and otherwise runs the query the app sent before. Every row it returns is read from market_listings and
 * checked there against every word and filter, so it returns only homes that
 * view shows anyone, with the view's columns. It is security definer only to
 * read listing_place_words; its arguments are parameters that choose which of
 * its fixed conditions apply, and its direction which of two fixed statements
 * runs (the answer to the Supabase security advisor's notice, as for
 * count_listings).
 *
 * Both functions now find their place with one helper, search_place, and
 * write their filters' conditions with another, search_filter_conditions;
 * neither is granted to anyone (search_newest is restated to use them).
 */

-- The count's reads are unchanged: the same leading columns, and the same columns in the index. Rebuilt in about
-- 6 s at a million listings (2.1 million rows, with the analyze below); writes to listings wait meanwhile.
drop index public.listing_place_words_idx;
create index listing_place_words_idx on public.listing_place_words (word, type, effective_price, listing_id)
  include (marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude, off_market_at);

/**
 * The complete place a search's words are read from: the word of the search (patterns as `%word%`, lower case)
 * that is a complete place, the one with the fewest homes if several are, when every other word is a dictionary
 * word; with the bits of those other words. No row when there is none. Called by search_newest and
 * search_by_price as their owner; granted to no one else (it reads the place vocabulary, which nobody else reads).
 */
create function public.search_place(patterns text[], out place text, out other_marks bigint)
language sql
stable
set search_path = ''
as $$
  select v.word, coalesce(bit_or(1::bigint << c.bit), 0)
  from public.listing_place_vocabulary as v
    left join unnest(patterns) as p (pattern) on p.pattern <> '%' || v.word || '%'
    left join public.listing_common_words as c on '%' || c.word || '%' = p.pattern
  where v.word = any (array(select substr(q, 2, length(q) - 2) from unnest(patterns) as q)) and v.complete
  group by v.word, v.homes
  having count(p.pattern) = count(c.word)
  order by v.homes, v.word
  limit 1
$$;

revoke execute on function public.search_place from public, anon, authenticated, service_role;

/**
 * A search's filters as conditions on the columns market_listings and listing_place_words share, for a query run
 * by EXECUTE with count_listings' arguments in its order: $2 type, $3 and $4 the prices, $5 beds, $6 baths, $7 to
 * $10 the area's west, east, south and north. Only the conditions' text depends on the arguments; their values
 * are always parameters.
 */
create function public.search_filter_conditions(
  type text,
  min_price integer,
  max_price integer,
  min_beds integer,
  min_baths integer,
  parking boolean,
  furnished boolean,
  offer boolean,
  available_only boolean,
  in_area boolean
)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['true']
    || case when type is not null then array['type = $2'] else '{}' end
    || case when min_price is not null then array['effective_price >= $3'] else '{}' end
    || case when max_price is not null then array['effective_price <= $4'] else '{}' end
    || case when min_beds is not null then array['bedrooms >= $5'] else '{}' end
    || case when min_baths is not null then array['bathrooms >= $6'] else '{}' end
    || case when parking then array['parking'] else '{}' end
    || case when furnished then array['furnished'] else '{}' end
    || case when offer then array['offer'] else '{}' end
    || case when available_only then array['status = ''available'''] else '{}' end
    || case when in_area then array['longitude >= $7', 'longitude <= $8', 'latitude >= $9', 'latitude <= $10']
         else '{}' end
$$;

revoke execute on function public.search_filter_conditions from public, anon, authenticated, service_role;

/** As before (the newest-by-place migration), finding its place and writing its filters with the helpers above. */
create or replace function public.search_newest(
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

  -- The complete place the page can be read from, if any (search_place).
  select s.place, s.other_marks into place, other_marks from public.search_place(patterns) as s;

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
  conditions := conditions || public.search_filter_conditions(
    search_newest.type, min_price, max_price, min_beds, min_baths, search_newest.parking, search_newest.furnished,
    search_newest.offer, available_only, in_area
  );
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

/**
 * One page of a search sorted by price (effective_price, then id; rising, or falling when `descending`): up to
 * page_size homes of market_listings that match every word (any part, any case, as ILIKE) and filter, after the
 * home (after_price, after_id) when given. The arguments are count_listings', and the rows those the app read
 * from market_listings before.
 */
create function public.search_by_price(
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
  descending boolean default false,
  after_price integer default null,
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
  -- The prices the page may show, and where it starts: after the cursor's home, or at the first home (every price
  -- and id is beyond the lowest, or the highest, there is).
  low integer := coalesce(min_price, -2147483648);
  high integer := coalesce(max_price, 2147483647);
  start_price integer := coalesce(after_price, case when descending then 2147483647 else -2147483648 end);
  start_id uuid := coalesce(
    after_id,
    case when descending then 'ffffffff-ffff-ffff-ffff-ffffffffffff' else '00000000-0000-0000-0000-000000000000' end::uuid
  );
  -- The complete place the page is read from, and the bits of the search's other words (each a dictionary word).
  place text;
  other_marks bigint;
  -- The search's conditions on market_listings ($n: the arguments as EXECUTE passes them).
  conditions text[] := array['true'];
begin
  if page_size is null or page_size < 1 or page_size > 100 then
    raise exception 'page_size must be from 1 to 100' using errcode = '22023';
  end if;
  if (after_price is null) <> (after_id is null) then
    raise exception 'after_price and after_id go together: give both or neither' using errcode = '22023';
  end if;

  -- The complete place the page can be read from, if any (search_place).
  select s.place, s.other_marks into place, other_marks from public.search_place(patterns) as s;

  -- From the place's rows of each type in price order (its index: type, price, id, with marks and leaving date
  -- in it), each branch ordered so that the planner merges the two types' index scans when the search has no
  -- type (a type it has turns the other branch off). Each listing is read and checked in market_listings in that
  -- order until a page is full; `limit 1`: one listing per row, looked up by its id (never a join of all the
  -- place's homes). Static statements, one for each direction: the session keeps their plans.
  if place is not null and not descending then
    return query
    select m.*
    from (
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'rent' and coalesce(search_by_price.type, 'rent') = 'rent'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) > (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price, p.listing_id)
      union all
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'sale' and coalesce(search_by_price.type, 'sale') = 'sale'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) > (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price, p.listing_id)
    ) as p
      cross join lateral (
        select m.* from public.market_listings as m
        where m.id = p.listing_id
          and m.search_text ilike all (patterns)
          and (min_beds is null or m.bedrooms >= min_beds)
          and (min_baths is null or m.bathrooms >= min_baths)
          and (search_by_price.parking is not true or m.parking)
          and (search_by_price.furnished is not true or m.furnished)
          and (search_by_price.offer is not true or m.offer)
          and (available_only is not true or m.status = 'available')
          and (not in_area or (m.longitude >= west and m.longitude <= east and m.latitude >= south and m.latitude <= north))
        limit 1
      ) as m
    order by p.effective_price, p.listing_id
    limit page_size;
    return;
  end if;
  if place is not null then
    return query
    select m.*
    from (
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'rent' and coalesce(search_by_price.type, 'rent') = 'rent'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) < (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price desc, p.listing_id desc)
      union all
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'sale' and coalesce(search_by_price.type, 'sale') = 'sale'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) < (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price desc, p.listing_id desc)
    ) as p
      cross join lateral (
        select m.* from public.market_listings as m
        where m.id = p.listing_id
          and m.search_text ilike all (patterns)
          and (min_beds is null or m.bedrooms >= min_beds)
          and (min_baths is null or m.bathrooms >= min_baths)
          and (search_by_price.parking is not true or m.parking)
          and (search_by_price.furnished is not true or m.furnished)
          and (search_by_price.offer is not true or m.offer)
          and (available_only is not true or m.status = 'available')
          and (not in_area or (m.longitude >= west and m.longitude <= east and m.latitude >= south and m.latitude <= north))
        limit 1
      ) as m
    order by p.effective_price desc, p.listing_id desc
    limit page_size;
    return;
  end if;

  -- Otherwise the query the app sent market_listings, planned for these values, with its keyset as the app wrote
  -- it: a bound the index starts at, and the rows beyond the cursor's home at it.
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    conditions := array_append(conditions, format('search_text ilike ($1)[%s]', i));
  end loop;
  conditions := conditions || public.search_filter_conditions(
    search_by_price.type, min_price, max_price, min_beds, min_baths, search_by_price.parking,
    search_by_price.furnished, search_by_price.offer, available_only, in_area
  );
  if after_price is not null then
    conditions := array_append(
      conditions,
      format('effective_price %1$s= $11 and (effective_price %1$s $11 or id %1$s $12)', case when descending then '<' else '>' end)
    );
  end if;
  return query execute format(
    'select * from public.market_listings where %s order by effective_price %2$s, id %2$s limit $13',
    array_to_string(conditions, ' and '),
    case when descending then 'desc' else 'asc' end
  )
  using patterns, search_by_price.type, min_price, max_price, min_beds, min_baths, west, east, south, north,
    after_price, after_id, page_size;
end;
$$;

comment on function public.search_by_price is
  'A page of a search sorted by price (rising, or falling when descending), as market_listings gives it (its rows, in effective_price, id order, after the cursor''s home): read from a complete place''s rows when one word is that place and the others are dictionary words.';

revoke execute on function public.search_by_price from public, anon, authenticated, service_role;
grant execute on function public.search_by_price to anon, authenticated, service_role;

analyze public.listing_place_words;
