/**
 * ---------------------------------------------------------------------------
 * home_search_exact: a search's keyword prefixes as the words they stand for
 * ---------------------------------------------------------------------------
 * The values of home_search_values with each prefix of their query (`'gard':*`) replaced by the words of
 * keyword_vocabulary that start with it (`('garden' | 'gardens')`): the same homes, as every word of every
 * listing is in the vocabulary, read from the GIN index as exact words (see keyword_vocabulary). A prefix
 * of no word, or of more than 64 (`ba`), stays a prefix: such a search walks an order's index instead.
 * Count and page read their vocabulary and their homes in the one snapshot of their (stable) function.
 * Saved searches keep the prefixes (their match is read against one new home, not the index). A query with no
 * prefix in it is left as it is, never dropped.
 */

create or replace function public.home_search_exact(v jsonb)
  returns jsonb
  language sql
  stable parallel safe
  set search_path to ''
as $function$
  select case when v ->> 'query' is null then v else v || jsonb_build_object('query', coalesce((
    select string_agg(coalesce(words.exact, quote_literal(prefix.m[1]) || ':*'), ' & ' order by prefix.n)
    from regexp_matches(v ->> 'query', '''([a-z0-9]+)'':\*', 'g') with ordinality as prefix (m, n)
    cross join lateral (
      select case when count(*) between 1 and 64 then '(' || string_agg(quote_literal(k.word), ' | ') || ')' end
      from (
        select k.word from public.keyword_vocabulary as k
        where k.word >= prefix.m[1] and k.word < prefix.m[1] || '{'
        order by k.word
        limit 65
      ) as k
    ) as words (exact)
  ), v ->> 'query')) end
$function$;

revoke all on function public.home_search_exact(v jsonb) from public, anon, authenticated, service_role;
grant execute on function public.home_search_exact(v jsonb) to service_role;
