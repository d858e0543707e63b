-- The moderator check every moderation function starts with.

create or replace function public.require_moderator()
  returns uuid
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
begin
  if not public.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501';
  end if;
  return (select auth.uid());
end;
$function$;

revoke all on function public.require_moderator() from public, anon, authenticated, service_role;
