/*
 * Called by the app when a session arrives from an emailed link. The token's
 * `amr` claim lists how its session signed in: GoTrue writes `otp` (a code,
 * or an implicit-flow link on hosted), `magiclink` (a link through the PKCE
 * flow, and locally), `email/signup`, `recovery`, `invite` or `email_change`
 * for the other emailed links. Each proves the person read the address's mail
 * when the session began. The proof must be under 15 minutes old and the
 * token must name the account's current email, so an address changed since
 * the link was read is not confirmed by it.
 */

create or replace function public.confirm_my_email()
  returns boolean
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  caller uuid := (select auth.uid());
  address text;
begin
  if caller is null then
    raise exception 'Sign in to confirm your email' using errcode = '42501';
  end if;
  select u.email into address from auth.users as u where u.id = caller;
  if address is null then
    raise exception 'Sign in to confirm your email' using errcode = '42501';
  end if;

  if lower(coalesce(auth.jwt() ->> 'email', '')) <> lower(address) or not exists (
    select 1
    from jsonb_array_elements(
      case jsonb_typeof(auth.jwt() -> 'amr') when 'array' then auth.jwt() -> 'amr' else '[]'::jsonb end
    ) as entry
    where entry ->> 'method' in ('otp', 'magiclink', 'email/signup', 'recovery', 'invite', 'email_change')
      and (entry ->> 'timestamp') ~ '^[0-9]+$'
      and to_timestamp((entry ->> 'timestamp')::bigint) > now() - interval '15 minutes'
  ) then
    raise exception 'Open the link we emailed you to confirm your email' using errcode = 'P0001';
  end if;

  insert into public.email_confirmations (user_id, email, confirmed_at)
  values (caller, address, now())
  on conflict (user_id) do update set email = excluded.email, confirmed_at = excluded.confirmed_at;
  return true;
end;
$function$;

comment on function public.confirm_my_email() is 'Records the caller''s email as confirmed when their session comes from an emailed link opened in the last 15 minutes.';

revoke all on function public.confirm_my_email() from public, anon, authenticated, service_role;
grant execute on function public.confirm_my_email() to authenticated;
