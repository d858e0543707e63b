/**
 * The complete place a search's words are read from: the word of the search (patterns as `%word%`, lower case)
 * that is a complete place, the one with the fewest homes if several are, when every other word is a dictionary
 * word; with the bits of those other words. No row when there is none. Called by search_newest and
 * search_by_price as their owner; granted to no one else (it reads the place vocabulary, which nobody else reads).
 */

create or replace function public.search_place(patterns text[], OUT place text, OUT other_marks bigint)
  returns record
  language sql
  stable
  set search_path to ''
as $function$
  select v.word, coalesce(bit_or(1::bigint << c.bit), 0)
  from public.listing_place_vocabulary as v
    left join unnest(patterns) as p (pattern) on p.pattern <> '%' || v.word || '%'
    left join public.listing_common_words as c on '%' || c.word || '%' = p.pattern
  where v.word = any (array(select substr(q, 2, length(q) - 2) from unnest(patterns) as q)) and v.complete
  group by v.word, v.homes
  having count(p.pattern) = count(c.word)
  order by v.homes, v.word
  limit 1
$function$;

revoke all on function public.search_place(patterns text[], OUT place text, OUT other_marks bigint) from public, anon, authenticated, service_role;
