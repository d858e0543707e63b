/**
 * ---------------------------------------------------------------------------
 * The moderator role
 * ---------------------------------------------------------------------------
 */

create or replace function public.is_moderator()
  returns boolean
  language sql
  stable security definer
  set search_path to ''
as $function$
  select coalesce(auth.jwt() -> 'app_metadata' -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb
    and exists (
      select 1 from auth.users as u
      where u.id = (select auth.uid())
        and coalesce(u.raw_app_meta_data -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb
    );
$function$;

comment on function public.is_moderator() is 'Whether the caller is a moderator: app_metadata.roles holds "moderator" in their token and in Auth now.';

revoke all on function public.is_moderator() from public, anon, authenticated, service_role;
grant execute on function public.is_moderator() to authenticated;
grant execute on function public.is_moderator() to service_role;
