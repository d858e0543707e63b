/**
 * As before (the complete-place-words migration), each row with its listing's creation time and leaving date, for
 * the listings leaving on a later date too; and first deletes the rows of homes whose leaving date has passed
 * (which the trigger cannot: time passes without a write), with their vocabulary counts.
 */

create or replace function public.complete_place_words(one_place text default NULL::text)
  returns integer
  language plpgsql
  security definer
  set search_path to ''
as $function$
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
$function$;

revoke all on function public.complete_place_words(one_place text) from public, anon, authenticated, service_role;
