-- Up to 100 tries past the hour (every limit here is an hour or shorter), skipping rows another call holds.

create or replace function public.forget_stale_account_function_tries()
  returns void
  language sql
  set search_path to ''
as $function$
  delete from public.account_function_tries as t
  where t.ctid = any (array(
    select s.ctid from public.account_function_tries as s
    where s.tried_at <= now() - interval '1 hour'
    limit 100
    for update skip locked
  ));
$function$;

revoke all on function public.forget_stale_account_function_tries() from public, anon, authenticated, service_role;
