-- A deleted account leaves nothing that names it: its tries go with its profile (which goes with the auth
-- user). Deleting takes the right password, and the tries that go were guesses at that account's password
-- only, so nobody gains a guess elsewhere by it.

create or replace function public.forget_account_function_tries()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  delete from public.account_function_tries as t where t.account_id = old.id;
  return old;
end;
$function$;

revoke all on function public.forget_account_function_tries() from public, anon, authenticated, service_role;
