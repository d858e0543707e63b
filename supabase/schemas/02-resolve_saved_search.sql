/**
 * A saved search's params, checked and resolved: refused with home_search_problem's message (22023) when
 * they are not a valid search, or hold a view; else match and match_lookup follow them.
 */

create or replace function public.resolve_saved_search()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  problem text := public.home_search_problem(new.params);
begin
  if problem is null and new.params ? 'view' then
    problem := 'A saved search holds no view';
  end if;
  if problem is not null then
    raise exception '%', problem using errcode = '22023';
  end if;
  new.match := public.home_search_values(new.params);
  new.match_lookup := public.saved_search_lookup(new.match);
  return new;
end;
$function$;

revoke all on function public.resolve_saved_search() from public, anon, authenticated, service_role;
