-- What the report screen asks before offering the form.

create or replace function public.my_email_is_confirmed()
  returns boolean
  language sql
  stable security definer
  set search_path to ''
as $function$
  select public.email_is_confirmed((select auth.uid()));
$function$;

comment on function public.my_email_is_confirmed() is 'Whether the caller''s email is confirmed, so their reports count towards hiding a listing.';

revoke all on function public.my_email_is_confirmed() from public, anon, authenticated, service_role;
grant execute on function public.my_email_is_confirmed() to authenticated;
grant execute on function public.my_email_is_confirmed() to service_role;
