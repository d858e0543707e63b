/**
 * ---------------------------------------------------------------------------
 * search_homes: one page of a search
 * ---------------------------------------------------------------------------
 * Up to page_size homes of market_listings that pass the search's filters (home_search_where), in the sort's
 * order (src/features/search/search-query.ts searchOrder), after the home `after` names ({"createdAt",
 * "price", "reducedAt", "id"} of the last home of the previous page). A bad search is refused with 22023 and
 * home_search_problem's message. `search` and `after` may come as JSON text (a GET). The statement is built from the one definition and run by EXECUTE with
 * the search's values as $1, so it is planned for them. Security definer like market_listings (its owner's
 * rights): the rows are those every caller may list.
 * The page is found in two steps: the ids of its homes, then those homes. The first step reads only the columns
 * the filters and the order name, so where an index carries them (the price, EPC, rarer-type, pets and bills
 * indexes) it is read from the index alone, and only the page's homes are read whole (at 1,000,000 homes:
 * London, for sale, 80 m2+, EPC A, newest first 19 ms, 4).
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

create or replace function public.search_homes(search jsonb default '{}'::jsonb, sort text default 'newest'::text, after jsonb default NULL::jsonb, page_size integer default 11)
  returns setof market_listings
  language plpgsql
  stable security definer
  set search_path to ''
  set cpu_index_tuple_cost to '0.1'
  set effective_cache_size to '512MB'
  set max_parallel_workers_per_gather to '0'
as $function$
declare
  problem text;
  statement text := 'select h.* from public.market_listings as h where h.id = any (array('
    || 'select h.id from public.market_listings as h where '
    || public.home_search_where('$1') || ' and %1$s order by %2$s limit $3)) order by %2$s';
  reduced_at timestamptz;
  found integer;
  v jsonb;
begin
  search := public.home_search_json(coalesce(search, '{}'));
  after := public.home_search_json(after);
  problem := public.home_search_problem(search);
  reduced_at := after ->> 'reducedAt';
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  if page_size is null or page_size < 1 or page_size > 501 then
    raise exception 'page_size is from 1 to 501' using errcode = '22023';
  end if;
  if after is not null and (jsonb_typeof(after) <> 'object' or after ->> 'id' is null) then
    raise exception 'after is {"createdAt", "price", "reducedAt", "id"} of the last home of the previous page'
      using errcode = '22023';
  end if;
  v := public.home_search_exact(public.home_search_values(search));
  if coalesce(sort, 'newest') = 'newest' then
    return query execute format(statement,
      case when after is null then 'true'
        else 'h.created_at <= ($2 ->> ''createdAt'')::timestamptz
          and (h.created_at < ($2 ->> ''createdAt'')::timestamptz or h.id < ($2 ->> ''id'')::uuid)' end,
      'h.created_at desc, h.id desc')
    using v, after, page_size;
  elsif sort = 'price-asc' then
    return query execute format(statement,
      case when after is null then 'true'
        else 'h.effective_price >= ($2 ->> ''price'')::integer
          and (h.effective_price > ($2 ->> ''price'')::integer or h.id > ($2 ->> ''id'')::uuid)' end,
      'h.effective_price, h.id')
    using v, after, page_size;
  elsif sort = 'price-desc' then
    return query execute format(statement,
      case when after is null then 'true'
        else 'h.effective_price <= ($2 ->> ''price'')::integer
          and (h.effective_price < ($2 ->> ''price'')::integer or h.id < ($2 ->> ''id'')::uuid)' end,
      'h.effective_price desc, h.id desc')
    using v, after, page_size;
  elsif sort = 'reduced' then
    -- Reduced homes newest reduction first, then the homes never reduced (or risen since), by id.
    found := 0;
    if after is null or reduced_at is not null then
      return query execute format(statement,
        case when after is null then 'h.price_reduced_at is not null'
          else 'h.price_reduced_at <= ($2 ->> ''reducedAt'')::timestamptz
            and (h.price_reduced_at < ($2 ->> ''reducedAt'')::timestamptz or h.id < ($2 ->> ''id'')::uuid)' end,
        'h.price_reduced_at desc nulls last, h.id desc')
      using v, after, page_size;
      get diagnostics found = row_count;
    end if;
    if found < page_size then
      return query execute format(statement,
        case when reduced_at is null and after is not null then 'h.price_reduced_at is null and h.id < ($2 ->> ''id'')::uuid'
          else 'h.price_reduced_at is null' end,
        'h.id desc')
      using v, after, page_size - found;
    end if;
  else
    raise exception 'Unknown sort %: newest, price-asc, price-desc or reduced', to_jsonb(sort) using errcode = '22023';
  end if;
end;
$function$;

comment on function public.search_homes(search jsonb, sort text, after jsonb, page_size integer) is 'A page of a search (newest, price-asc, price-desc or reduced), after the home `after` names: the homes of market_listings that pass home_search_where.';

revoke all on function public.search_homes(search jsonb, sort text, after jsonb, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.search_homes(search jsonb, sort text, after jsonb, page_size integer) to anon;
grant execute on function public.search_homes(search jsonb, sort text, after jsonb, page_size integer) to authenticated;
grant execute on function public.search_homes(search jsonb, sort text, after jsonb, page_size integer) to service_role;
