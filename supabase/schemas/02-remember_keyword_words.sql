/**
 * ---------------------------------------------------------------------------
 * remember_keyword_words: a listing's words join the keyword vocabulary
 * ---------------------------------------------------------------------------
 * After an insert or an update of listings (statement triggers with the transition tables), the keyword
 * tokens of the rows whose keywords are new are added to keyword_vocabulary; words already there are left
 * alone, so two publishes wait for each other only on a word new to both. Security definer: the
 * vocabulary is written by nobody else.
 */

create or replace function public.remember_keyword_words()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'INSERT' then
    insert into public.keyword_vocabulary (word)
    select distinct w.word from arrived as a, unnest(tsvector_to_array(a.keywords)) as w (word)
    order by 1
    on conflict do nothing;
  else
    insert into public.keyword_vocabulary (word)
    select distinct w.word
    from arrived as a
    join departed as d on d.id = a.id
    cross join lateral unnest(tsvector_to_array(a.keywords)) as w (word)
    where a.keywords is distinct from d.keywords
    order by 1
    on conflict do nothing;
  end if;
  return null;
end;
$function$;

revoke all on function public.remember_keyword_words() from public, anon, authenticated, service_role;
