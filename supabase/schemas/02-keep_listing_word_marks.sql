/**
 * Moves a statement's listings in listing_word_marks: rows of departed
 * listings (deleted, or updated in a column the table holds or in their text)
 * go, and rows of arrived ones (inserted, or so updated) come, each only for a
 * listing with no leaving date and some dictionary word.
 */

create or replace function public.keep_listing_word_marks()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'INSERT' then
    insert into public.listing_word_marks
      (listing_id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
       longitude)
    select a.id, a.type, a.effective_price, a.marks, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
      a.status, a.latitude, a.longitude
    from (select *, public.common_word_marks(search_text) as marks from arrived where off_market_at is null) as a
    where a.marks <> 0;
  elsif tg_op = 'DELETE' then
    delete from public.listing_word_marks as m using departed as d where m.listing_id = d.id;
  else
    -- Listings whose row changes: it is updated where they keep a word, deleted where they no longer do.
    with moved as (
      select a.*, public.common_word_marks(a.search_text) as marks
      from arrived as a join departed as d on d.id = a.id
      where (d.search_text, d.type, d.effective_price, d.bedrooms, d.bathrooms, d.parking, d.furnished, d.offer,
             d.status, d.off_market_at, d.latitude, d.longitude)
        is distinct from
            (a.search_text, a.type, a.effective_price, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
             a.status, a.off_market_at, a.latitude, a.longitude)
    ),
    gone as (
      delete from public.listing_word_marks as m
      using moved
      where m.listing_id = moved.id and (moved.off_market_at is not null or moved.marks = 0)
    )
    insert into public.listing_word_marks as m
      (listing_id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
       longitude)
    select id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
      longitude
    from moved
    where off_market_at is null and marks <> 0
    on conflict (listing_id) do update set
      type = excluded.type, effective_price = excluded.effective_price, marks = excluded.marks,
      bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms, parking = excluded.parking,
      furnished = excluded.furnished, offer = excluded.offer, status = excluded.status,
      latitude = excluded.latitude, longitude = excluded.longitude;
  end if;
  return null;
end;
$function$;

revoke all on function public.keep_listing_word_marks() from public, anon, authenticated, service_role;
