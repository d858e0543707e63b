/** The bits set in a listing's marks, smallest first (the dictionary words its text contains). */

create or replace function public.common_word_bits(marks bigint)
  returns integer[]
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select coalesce(array_agg(b order by b), '{}') from generate_series(0, 63) as b where marks & (1::bigint << b) <> 0
$function$;

revoke all on function public.common_word_bits(marks bigint) from public, anon, authenticated, service_role;
