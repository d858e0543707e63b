/** The words of a location: its runs of letters and digits, lower-cased, each once (up to 100 characters). */

create or replace function public.place_words_of(location text)
  returns setof text
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select distinct m[1] from regexp_matches(lower(location), '[[:alnum:]]+', 'g') as m where length(m[1]) <= 100
$function$;

revoke all on function public.place_words_of(location text) from public, anon, authenticated, service_role;
