/**
 * The first five characters of the search's longest word of at least three
 * (the first such word on a tie): every listing the search matches holds them
 * in its folded text, so the searches a new listing may match are found by
 * looking up the pieces of its text. Null when no word is that long.
 */

create or replace function public.search_key(q text)
  returns text
  language sql
  immutable parallel safe
BEGIN ATOMIC
 SELECT "left"(w.word, 5) AS "left"
    FROM unnest(search_words(search_key.q)) WITH ORDINALITY w(word, at)
   WHERE (char_length(w.word) >= 3)
   ORDER BY (char_length(w.word)) DESC, w.at
  LIMIT 1;
END;

revoke all on function public.search_key(q text) from public, anon, authenticated, service_role;
grant execute on function public.search_key(q text) to anon;
grant execute on function public.search_key(q text) to authenticated;
grant execute on function public.search_key(q text) to service_role;
