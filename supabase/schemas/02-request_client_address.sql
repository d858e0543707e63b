-- The caller's address as the API gateway reports it (see above); 'unknown' when it reports none.

create or replace function public.request_client_address()
  returns text
  language sql
  stable security definer
  set search_path to ''
as $function$
  select public.client_address(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb);
$function$;

revoke all on function public.request_client_address() from public, anon, authenticated, service_role;
grant execute on function public.request_client_address() to anon;
grant execute on function public.request_client_address() to authenticated;
grant execute on function public.request_client_address() to service_role;
