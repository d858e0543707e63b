-- A home added through the API is added by the caller, now.
create or replace function public.stamp_shortlist_home()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
begin
  if current_user in ('anon', 'authenticated') then
    new.added_by := auth.uid();
    new.created_at := now();
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_shortlist_home() from public, anon, authenticated, service_role;
