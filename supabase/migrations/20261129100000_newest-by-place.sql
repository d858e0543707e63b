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
 * of the search's type and price, are exactly the matches with no leaving
 * date. Each row now also carries its listing's creation time (fixed once
 * the listing is published), and a new index orders a place's rows newest
 * first, with type, price and marks in it: the page walks that index and
 * reads only the listings it returns (the same search, page 1: 0.2 ms of
 * index and 11 listings, about 1.5 ms in all).
 *
 * search_newest(words, filters, after_created_at, after_id, page_size) is one
 * page of a search sorted newest, as the app asked market_listings for it:
 * the same rows in the same order. It pages a complete place's rows when it
 * can, with the homes leaving on a later date (which have no rows) merged in;
 * otherwise it runs the query the app sent before, on market_listings. Every
 * row it returns is read from market_listings and checked there against every
 * word and filter, so it returns only homes that view shows anyone (on the
 * market and not held), with the view's columns. It is security definer only
 * to read listing_place_words, which nobody else reads; its arguments are
 * parameters that choose which of its fixed conditions apply (the answer to
 * the Supabase security advisor's notice, as for count_listings).
 */

-- Filled by an UPDATE of every row: at a million listings (2.1 million rows) it took about a minute and left the
-- table and its indexes about twice their size. On a hosted project of that size, run `vacuum full
-- public.listing_place_words` and then `vacuum public.listing_place_words` after it (10 s at a million, holding the
-- trigger's writes meanwhile), or leave the space for autovacuum to reuse.
alter table public.listing_place_words add column created_at timestamptz;

update public.listing_place_words as p
set created_at = l.created_at
from public.listings as l
where l.id = p.listing_id;

alter table public.listing_place_words alter column created_at set not null;

comment on column public.listing_place_words.created_at is
  'The listing''s created_at (never changes once it is published), for paging a place''s homes newest first.';

-- A place's homes newest first, with what a page checks before reading a listing.
create index listing_place_words_newest_idx on public.listing_place_words (word, created_at desc, listing_id desc)
  include (type, effective_price, marks);

/** As before (the place-words-with-marks migration), and each row with its listing's creation time. */
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
         latitude, longitude, marks, created_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at
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
         latitude, longitude, marks, created_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at
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
         latitude, longitude, marks, created_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at
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
         latitude, longitude, marks, created_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at
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

/** As before (the complete-place-words migration), and each row with its listing's creation time. */
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
  for place in
    select v.word from public.listing_place_vocabulary as v
    where v.homes > 1000 and length(v.word) >= 4 and not v.complete and (one_place is null or v.word = one_place)
    order by v.word
  loop
    -- Planned for each place: its pattern decides how many homes the trigram index finds.
    execute format(
      'insert into public.listing_place_words
         (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
          latitude, longitude, marks, created_at)
       select %1$L, l.type, l.effective_price, l.id, l.bedrooms, l.bathrooms, l.parking, l.furnished, l.offer,
         l.status, l.latitude, l.longitude, public.common_word_marks(l.search_text), l.created_at
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
  -- A page of the place's homes with no leaving date, and of the homes leaving on a later date.
  from_place public.market_listings[];
  leaving public.market_listings[];
begin
  if page_size is null or page_size < 1 or page_size > 100 then
    raise exception 'page_size must be from 1 to 100' using errcode = '22023';
  end if;
  if (after_created_at is null) <> (after_id is null) then
    raise exception 'after_created_at and after_id go together: give both or neither' using errcode = '22023';
  end if;

  -- A word of the search that is a complete place (the one with the fewest homes, if several are), when every
  -- other word is a dictionary word: then the place's rows with those words' marks are the matches with no
  -- leaving date.
  select v.word, coalesce(bit_or(1::bigint << c.bit), 0)
  into place, other_marks
  from public.listing_place_vocabulary as v
    cross join unnest(patterns) as p (pattern)
    left join public.listing_common_words as c on '%' || c.word || '%' = p.pattern
  where v.complete and '%' || v.word || '%' = any (patterns)
    and p.pattern <> '%' || v.word || '%'
  group by v.word, v.homes
  having count(*) = count(c.word)
  order by v.homes, v.word
  limit 1;
  if place is null then
    -- A search of the place alone (no other word, so no row above).
    select v.word, 0 into place, other_marks
    from public.listing_place_vocabulary as v
    where v.complete and cardinality(patterns) = 1 and '%' || v.word || '%' = patterns[1];
  end if;

  -- The search's conditions on market_listings, as the app wrote them as filters.
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

  if place is null then
    -- The query the app sent market_listings, planned for these values.
    return query execute format(
      'select * from public.market_listings where %s order by created_at desc, id desc limit $13',
      array_to_string(conditions, ' and ')
    )
    using patterns, search_newest.type, min_price, max_price, min_beds, min_baths, west, east, south, north,
      after_created_at, after_id, page_size;
    return;
  end if;

  -- The place's rows newest first, from its index (type, price and marks in it), each listing read and checked
  -- in market_listings in that order until a page is full. `limit 1`: one listing per row, looked up by its id
  -- (never a join of all the place's homes). A plan kept for the session: the same for any values.
  from_place := array(
    select found.listing
    from public.listing_place_words as p
      cross join lateral (
        select m from public.market_listings as m
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
      ) as found (listing)
    where p.word = place
      and (p.created_at, p.listing_id) < (before_time, before_id)
      and (search_newest.type is null or p.type = search_newest.type)
      and (min_price is null or p.effective_price >= min_price)
      and (max_price is null or p.effective_price <= max_price)
      and p.marks & other_marks = other_marks
    order by p.created_at desc, p.listing_id desc
    limit page_size
  );
  -- The homes leaving on a later date have no rows: their page of the search, planned for these values (few
  -- such homes are read by their leaving date; many, by the words' or the type's indexes), when there are any.
  if exists (select 1 from public.listings as l where l.off_market_at > now() and l.created_at <= before_time) then
    execute format(
      'select array(
         select m from public.market_listings as m
         where off_market_at > now() and %s
         order by created_at desc, id desc
         limit $13
       )',
      array_to_string(conditions, ' and ')
    )
    into leaving
    using patterns, search_newest.type, min_price, max_price, min_beds, min_baths, west, east, south, north,
      after_created_at, after_id, page_size;
  end if;

  return query
  select * from unnest(from_place || leaving) as r
  order by r.created_at desc, r.id desc
  limit page_size;
end;
$$;

comment on function public.search_newest is
  'A page of a search sorted newest, as market_listings gives it (its rows, in created_at desc, id desc order, after the cursor''s home): read from a complete place''s rows when one word is that place and the others are dictionary words.';

revoke execute on function public.search_newest from public, anon, authenticated, service_role;
grant execute on function public.search_newest to anon, authenticated, service_role;

analyze public.listing_place_words;
