/**
 * ---------------------------------------------------------------------------
 * count_homes: how many homes a search finds, capped
 * ---------------------------------------------------------------------------
 * The homes of market_listings that pass the search's filters (home_search_where): exact up to 1,000, else
 * 1,001 (`1,000+ homes`): it reads at most 1,001 matches, whatever the table holds. Refuses a bad search
 * with 22023, as search_homes.
 * It plans with cpu_index_tuple_cost 0.1 (Postgres's default is 0.005): with the table in memory, reading
 * an index entry into a bitmap costs about a sixth of reading a row, not the 1/150 the defaults assume, so
 * the planner ANDed bitmaps of 100,000-400,000 entries (an EPC of C or better, a type and price) to a
 * place's or a keyword's few thousand homes to spare reading some of them (at 1,000,000 homes: London,
 * garden, flat or terraced and EPC C 93 ms at 0.03, 37 at 0.1; 10 miles of Bristol with parking for sale
 * at a price 31 ms, 13). And with effective_cache_size 512MB (the bench's and hosted
 * settings say 4GB): a walk of an order's index reads each row from another page of a table of 2.5 GB, which
 * the larger figure prices below a bitmap's reads in table order, so a page of a place of 2,000 homes walked
 * 9,000 rows newest first (15-50 ms) rather than reading its 2,000 and sorting them (3-9 ms).
 * And without parallel workers: a search is one process, as many run at once; the one plan that used
 * workers (every property fact, at 1,000,000 homes) was faster without them even alone (15 ms, 12.5).
 */

create or replace function public.count_homes(search jsonb default '{}'::jsonb)
  returns integer
  language plpgsql
  stable security definer
  set search_path to ''
  set cpu_index_tuple_cost to '0.1'
  set effective_cache_size to '512MB'
  set max_parallel_workers_per_gather to '0'
as $function$
declare
  problem text;
  counted integer;
begin
  search := public.home_search_json(coalesce(search, '{}'));
  problem := public.home_search_problem(search);
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  execute 'select count(*)::integer from (select from public.market_listings as h where '
    || public.home_search_where('$1') || ' limit 1001) as capped'
  into counted
  using public.home_search_exact(public.home_search_values(search));
  return counted;
end;
$function$;

comment on function public.count_homes(search jsonb) is 'How many homes on the market pass a search''s filters: exact up to 1,000, else 1,001.';

revoke all on function public.count_homes(search jsonb) from public, anon, authenticated, service_role;
grant execute on function public.count_homes(search jsonb) to anon;
grant execute on function public.count_homes(search jsonb) to authenticated;
grant execute on function public.count_homes(search jsonb) to service_role;
