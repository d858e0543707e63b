/**
 * The busy places a listing's text (its name and description) names as capitalised words, and the complete
 * places its text or location contains anywhere, in any case; other than the words of its location, each once.
 */

create or replace function public.places_named_in(text text, location text)
  returns setof text
  language sql
  stable parallel safe
  set search_path to ''
as $function$
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
$function$;

revoke all on function public.places_named_in(text text, location text) from public, anon, authenticated, service_role;
