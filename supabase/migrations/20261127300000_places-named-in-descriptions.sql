/**
 * ---------------------------------------------------------------------------
 * Place words: busy places named in a listing's name or description
 * ---------------------------------------------------------------------------
 * A place's count read only the words of each location, so a town that many
 * descriptions name ("close to the heart of York") but whose own homes are
 * few in a search's type and price fell short of 1,001 there, and was counted
 * from the trigram index ANDed with the type and price index: at a million
 * listings `york` to rent up to £2,000 (4,399 homes, 4,166 of them by their
 * description) read 23,796 and 171,856 index entries, 42 ms in Postgres.
 *
 * listing_place_words now also holds, for a listing with no leaving date, a
 * row for each busy place (more than 1,000 homes in listing_place_vocabulary,
 * a word of four letters or more) that its name or description names as a
 * capitalised word ("York", not "yorkshire pudding"), unless its location
 * already has that word: each listing is in a word's rows at most once. Such
 * a home's text contains the word, so it matches any search the word
 * contains, and count_listings reads these rows as it reads the others,
 * unchanged. The places are those busy when the listing is written; a place
 * that becomes busy later gains the homes written from then on. As before,
 * the rows only ever prove "at least 1,001", so one missing never changes a
 * count, and a row is only ever for a home whose text has the word.
 *
 * Capitalised words only: every description says "high", "green" or
 * "reading", and rows for those would not name a place. At a million listings
 * (the bench seed) the rule adds one row for about three listings in ten.
 *
 * The trigger is restated: a change of name or description now rewrites a
 * listing's rows too.
 */

/**
 * The busy places named in a text (a listing's name and description) as capitalised words, other than the words
 * of its location; each once.
 */
create function public.places_named_in(text text, location text)
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
$$;

revoke execute on function public.places_named_in(text, text) from public, anon, authenticated, service_role;

/**
 * Moves a statement's listings in listing_place_words: rows of departed
 * listings (deleted, or updated in a column the table holds or in their name
 * or description) go, rows of arrived ones (inserted, or so updated) come,
 * each only for a listing with no leaving date: first the words of their
 * locations, then the busy places their text names (busy by the vocabulary as
 * the first step left it); the vocabulary's counts follow in each step, one
 * grouped upsert in word order.
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

    -- Then the busy places their texts name.
    with named as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude
      from arrived as a,
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

    -- Then the busy places named in the texts of those rewritten.
    with named as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude
      from arrived as a
        join departed as d on d.id = a.id,
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

-- The listings already there.
with named as (
  insert into public.listing_place_words
    (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
     longitude)
  select w.word, l.type, l.effective_price, l.id, l.bedrooms, l.bathrooms, l.parking, l.furnished, l.offer,
    l.status, l.latitude, l.longitude
  from public.listings as l,
    public.places_named_in(l.name || ' ' || coalesce(l.description, ''), l.location) as w (word)
  where l.off_market_at is null
  returning word
)
insert into public.listing_place_vocabulary as v (word, homes)
select word, count(*) from named group by word order by word
on conflict (word) do update set homes = v.homes + excluded.homes;

analyze public.listing_place_words, public.listing_place_vocabulary;
