-- The pieces of 3 to 5 characters of a folded text (search_fold). A word holds no space, so neither
-- does a piece of one: pieces are taken word by word.

create or replace function public.search_text_pieces(folded text)
  returns text[]
  language sql
  immutable parallel safe strict
BEGIN ATOMIC
 SELECT ARRAY( SELECT substr(word.word, start.start, size.size) AS substr
            FROM ((regexp_split_to_table(search_text_pieces.folded, ' '::text) word(word)
              CROSS JOIN LATERAL generate_series(1, (char_length(word.word) - 2)) start(start))
              CROSS JOIN LATERAL generate_series(3, LEAST(5, ((char_length(word.word) - start.start) + 1))) size(size))) AS "array";
END;

revoke all on function public.search_text_pieces(folded text) from public, anon, authenticated, service_role;
grant execute on function public.search_text_pieces(folded text) to service_role;
