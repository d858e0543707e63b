/**
 * Whether every one of the words (search_words of a search) is in the text
 * (search_fold of a listing's text).
 */

create or replace function public.search_words_in(folded text, words text[])
  returns boolean
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
as $function$
declare
  word text;
begin
  foreach word in array words loop
    if strpos(folded, word) = 0 then
      return false;
    end if;
  end loop;
  return true;
end;
$function$;

revoke all on function public.search_words_in(folded text, words text[]) from public, anon, authenticated, service_role;
grant execute on function public.search_words_in(folded text, words text[]) to anon;
grant execute on function public.search_words_in(folded text, words text[]) to authenticated;
grant execute on function public.search_words_in(folded text, words text[]) to service_role;
