-- `Keep listed`: the reports are closed and the listing shows again.

create or replace function public.moderation_keep_listed(case_id bigint, note text default ''::text)
  returns bigint
  language sql
  security definer
  set search_path to ''
as $function$
  select (public.moderation_decide(case_id, 'keep-listed', '', note)).id;
$function$;

comment on function public.moderation_keep_listed(case_id bigint, note text) is 'Moderators: closes the case and its reports and lists the listing again; returns the decision id.';

revoke all on function public.moderation_keep_listed(case_id bigint, note text) from public, anon, authenticated, service_role;
grant execute on function public.moderation_keep_listed(case_id bigint, note text) to authenticated;
