-- The client address from a request's headers (as PostgREST hands them to the database, or as a function
-- received them): the configured header only; 'unknown' when it is missing or is not an address.

create or replace function public.client_address(headers jsonb)
  returns text
  language sql
  stable
  set search_path to ''
as $function$
  select coalesce(public.client_address_of(headers ->> s.header), 'unknown')
  from public.client_address_settings as s;
$function$;

comment on function public.client_address(headers jsonb) is 'The client address in these request headers: the header client_address_settings names, parsed as one IP address (IPv6 per /64), else ''unknown''.';

revoke all on function public.client_address(headers jsonb) from public, anon, authenticated, service_role;
