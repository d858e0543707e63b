-- Moderators: the audit trail, newest first, a page at a time (keyset on id: pass the last row's id).

create or replace function public.moderation_audit_page(before_id bigint default NULL::bigint, page_size integer default 50)
  returns setof moderation_audit
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
begin
  perform public.require_moderator();
  return query
  select a.* from public.moderation_audit as a
  where before_id is null or a.id < before_id
  order by a.id desc
  limit least(greatest(coalesce(page_size, 50), 1), 200);
end;
$function$;

revoke all on function public.moderation_audit_page(before_id bigint, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.moderation_audit_page(before_id bigint, page_size integer) to authenticated;
