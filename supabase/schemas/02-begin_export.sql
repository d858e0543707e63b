-- An export may start: records it and returns true, or false when the account exported in the last minute.

create or replace function public.begin_export(account_id uuid, headers jsonb)
  returns boolean
  language plpgsql
  set search_path to ''
as $function$
begin
  perform public.forget_stale_account_function_tries();
  perform pg_advisory_xact_lock(hashtextextended('export:account:' || begin_export.account_id, 0));
  if exists (
    select 1 from public.account_function_tries as t
    where t.kind = 'export' and t.account_id = begin_export.account_id
      and t.tried_at > now() - interval '1 minute'
  ) then
    return false;
  end if;
  insert into public.account_function_tries (kind, account_id, address)
  values ('export', begin_export.account_id, public.client_address(headers));
  return true;
end;
$function$;

comment on function public.begin_export(account_id uuid, headers jsonb) is 'export-data: records an export, or returns false when the account exported in the last minute.';

revoke all on function public.begin_export(account_id uuid, headers jsonb) from public, anon, authenticated, service_role;
