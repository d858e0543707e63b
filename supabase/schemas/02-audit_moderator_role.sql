-- Role changes, whoever makes them (the Auth admin API, the dashboard), are audited by a trigger on auth.users.

create or replace function public.audit_moderator_role()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  was boolean := tg_op = 'UPDATE'
    and coalesce(old.raw_app_meta_data -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb;
  now_is boolean := coalesce(new.raw_app_meta_data -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb;
  actor uuid := (select auth.uid());
begin
  if was is distinct from now_is then
    insert into public.moderation_audit (actor_id, actor_email, action, subject_id, subject_email)
    values (
      actor,
      (select u.email from auth.users as u where u.id = actor),
      case when now_is then 'role-granted' else 'role-removed' end,
      new.id,
      new.email
    );
  end if;
  return null;
end;
$function$;

revoke all on function public.audit_moderator_role() from public, anon, authenticated, service_role;
