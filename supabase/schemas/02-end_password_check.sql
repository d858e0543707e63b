-- A check that did not count against anyone (the password was right, or Auth could not check it) is forgotten.

create or replace function public.end_password_check(try_id bigint, counts boolean)
  returns void
  language sql
  set search_path to ''
as $function$
  delete from public.account_function_tries as t
  where t.id = end_password_check.try_id and not end_password_check.counts;
$function$;

revoke all on function public.end_password_check(try_id bigint, counts boolean) from public, anon, authenticated, service_role;
