/**
 * ---------------------------------------------------------------------------
 * Finding the saved searches a new listing may match
 * ---------------------------------------------------------------------------
 * Each saved search is filed under one key that every listing it matches has among listing_lookup_keys:
 * its place (`p` and the id) when it has one without a radius; else the cell of search_area_cell that holds
 * its radius's, area's or bbox's box (`c` and the cell); else the first 4 letters of its longest keyword
 * token (`k`: a listing has every start of its tokens up to 4 letters); else its type (`t`), or `a`.
 */

create or replace function public.saved_search_lookup(match jsonb)
  returns text
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select case
    when match ? 'inPlace' then 'p' || (match ->> 'inPlace')
    when match ? 'near' then 'c' || public.search_area_cell(box(
      point((match #>> '{near,west}')::double precision, (match #>> '{near,south}')::double precision),
      point((match #>> '{near,east}')::double precision, (match #>> '{near,north}')::double precision)))
    when match ? 'areaBox' then 'c' || public.search_area_cell(box(
      point((match #>> '{areaBox,0}')::double precision, (match #>> '{areaBox,1}')::double precision),
      point((match #>> '{areaBox,2}')::double precision, (match #>> '{areaBox,3}')::double precision)))
    when match ? 'box' then 'c' || public.search_area_cell(box(
      point((match #>> '{box,0}')::double precision, (match #>> '{box,1}')::double precision),
      point((match #>> '{box,2}')::double precision, (match #>> '{box,3}')::double precision)))
    when match ? 'query' then 'k' || (
      select left(m[1], 4)
      from regexp_matches(match ->> 'query', '''([a-z0-9]+)''', 'g') as m
      order by char_length(m[1]) desc, m[1]
      limit 1)
    when match ? 'type' then 't' || (match ->> 'type')
    else 'a'
  end
$function$;

revoke all on function public.saved_search_lookup(match jsonb) from public, anon, authenticated, service_role;
grant execute on function public.saved_search_lookup(match jsonb) to service_role;
