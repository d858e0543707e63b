-- The address a header value names, in canonical text ('192.0.2.1', '2001:db8::/64' for IPv6), or null when
-- it is not exactly one IPv4 or IPv6 address. The pattern rejects most junk cheaply (and what inet would also
-- accept but is no address: '10/8', '10.1'); the cast, inside its own block, decides the rest
-- (PG 15 has no pg_input_is_valid).

create or replace function public.client_address_of(value text)
  returns text
  language plpgsql
  immutable
  set search_path to ''
as $function$
declare
  address inet;
begin
  value := btrim(value);
  if value is null
    or length(value) > 45
    or not (value ~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}$' or value ~* '^[0-9a-f:.]*:[0-9a-f:.]*$') then
    return null;
  end if;
  begin
    address := value::inet;
  exception when invalid_text_representation then
    return null;
  end;
  -- An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := (regexp_replace(host(address), '^::ffff:', '', 'i'))::inet;
  end if;
  if family(address) = 6 then
    return text(network(set_masklen(address, 64)));
  end if;
  return host(address);
end;
$function$;

revoke all on function public.client_address_of(value text) from public, anon, authenticated, service_role;
