/**
 * ---------------------------------------------------------------------------
 * Push subscription keys
 * ---------------------------------------------------------------------------
 * push_key_is_p256_point(key): whether a base64url text (unpadded, or padded
 * to 88 characters) is an uncompressed point of P-256 (secp256r1, FIPS 186-4
 * D.1.2.3): 65 bytes, the first 0x04, then X and Y below p with
 * y² = x³ − 3x + b (mod p). In numeric, exact at any size.
 */

create or replace function public.push_key_is_p256_point(key text)
  returns boolean
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
as $function$
declare
  p constant numeric := 115792089210356248762697446949407573530086143415290314195533631308867097853951;
  b constant numeric := 41058363725152142129326129780047268409114441015993725554835256314039467401291;
  point bytea;
  x numeric := 0;
  y numeric := 0;
begin
  -- 65 bytes are 87 base64url characters, and one `=` when padded.
  if key !~ '^[A-Za-z0-9_-]{87}=?$' then
    return false;
  end if;
  point := decode(translate(rtrim(key, '='), '-_', '+/') || '=', 'base64');
  if length(point) <> 65 or get_byte(point, 0) <> 4 then
    return false;
  end if;
  for i in 1..32 loop
    x := x * 256 + get_byte(point, i);
    y := y * 256 + get_byte(point, i + 32);
  end loop;
  if x >= p or y >= p then
    return false;
  end if;
  return mod(y * y, p) = mod(mod(x * x * x - 3 * x + b, p) + p, p);
end;
$function$;

comment on function public.push_key_is_p256_point(key text) is 'Whether a base64url text is an uncompressed P-256 point (65 bytes, 0x04, on the curve): a Web Push p256dh key.';

revoke all on function public.push_key_is_p256_point(key text) from public, anon, authenticated, service_role;
grant execute on function public.push_key_is_p256_point(key text) to authenticated;
grant execute on function public.push_key_is_p256_point(key text) to service_role;
