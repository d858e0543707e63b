/**
 * A JSON argument of search_homes or count_homes as JSON: a GET through PostgREST passes it as text, which
 * arrives as a JSON string and is read here; anything else is itself. Text that is not JSON is refused (22023).
 */

create or replace function public.home_search_json(value jsonb)
  returns jsonb
  language plpgsql
  immutable parallel safe
  set search_path to ''
as $function$
begin
  if jsonb_typeof(value) = 'string' then
    return (value #>> '{}')::jsonb;
  end if;
  return value;
exception when invalid_text_representation then
  raise exception 'Not JSON: %', value #>> '{}' using errcode = '22023';
end;
$function$;

revoke all on function public.home_search_json(value jsonb) from public, anon, authenticated, service_role;
grant execute on function public.home_search_json(value jsonb) to anon;
grant execute on function public.home_search_json(value jsonb) to authenticated;
grant execute on function public.home_search_json(value jsonb) to service_role;
