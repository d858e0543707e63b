/**
 * As before (the place-words-with-marks migration), each row with its listing's creation time and leaving date,
 * and rows for the listings leaving on a later date as well.
 */

create or replace function public.keep_listing_place_words()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
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
$function$;

revoke all on function public.keep_listing_place_words() from public, anon, authenticated, service_role;
