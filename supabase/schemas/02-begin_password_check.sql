-- A password check may start: records it and returns its id, or null when the account or the client address
-- (when known) has 5 pending or wrong checks in the last hour. The caller ends it with end_password_check.

create or replace function public.begin_password_check(account_id uuid, headers jsonb)
  returns bigint
  language plpgsql
  set search_path to ''
as $function$
declare
  caller_address text := public.client_address(headers);
  try_id bigint;
begin
  perform public.forget_stale_account_function_tries();
  -- Checks of one account, and from one address, are counted one at a time (always account first, then
  -- address, so two checks never wait on each other in a circle).
  perform pg_advisory_xact_lock(hashtextextended('password_check:account:' || begin_password_check.account_id, 0));
  perform pg_advisory_xact_lock(hashtextextended('password_check:address:' || caller_address, 0));
  if (
    select count(*) from public.account_function_tries as t
    where t.kind = 'password' and t.account_id = begin_password_check.account_id
      and t.tried_at > now() - interval '1 hour'
  ) >= 5 or (
    -- Unknown callers are not one address here: sharing a count, one guesser would block every deletion
    -- (the account's own limit still holds for them).
    caller_address <> 'unknown' and (
      select count(*) from public.account_function_tries as t
      where t.kind = 'password' and t.address = caller_address
        and t.tried_at > now() - interval '1 hour'
    ) >= 5
  ) then
    return null;
  end if;
  insert into public.account_function_tries (kind, account_id, address)
  values ('password', begin_password_check.account_id, caller_address)
  returning id into try_id;
  return try_id;
end;
$function$;

comment on function public.begin_password_check(account_id uuid, headers jsonb) is 'delete-account: records a password check, or returns null when the account or the (known) client address has had 5 wrong checks in the last hour.';

revoke all on function public.begin_password_check(account_id uuid, headers jsonb) from public, anon, authenticated, service_role;
