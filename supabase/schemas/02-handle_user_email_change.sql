/**
 * ---------------------------------------------------------------------------
 * Keeping profiles in step with auth.users
 * ---------------------------------------------------------------------------
 * Security definer because Supabase Auth writes auth.users as its own role;
 * an empty search_path keeps the function from resolving names a caller chose.
 */

create or replace function public.handle_user_email_change()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$function$;

revoke all on function public.handle_user_email_change() from public, anon, authenticated, service_role;
