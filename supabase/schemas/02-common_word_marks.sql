/** The bits of the dictionary words a text contains, in any case (0 for none). */

create or replace function public.common_word_marks(text text)
  returns bigint
  language sql
  stable parallel safe
  set search_path to ''
as $function$
  select coalesce(bit_or(1::bigint << c.bit), 0)
  from public.listing_common_words as c
  where strpos(lower(text), c.word) > 0
$function$;

revoke all on function public.common_word_marks(text text) from public, anon, authenticated, service_role;
