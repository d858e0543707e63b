-- `Ask the landlord to fix`: hidden until the landlord edits it, with what to fix.

create or replace function public.moderation_ask_to_fix(case_id bigint, what_to_fix text)
  returns bigint
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  perform public.require_moderator();
  if coalesce(public.visible_text(what_to_fix), '') = '' then
    raise exception 'Say what the landlord should fix' using errcode = '22023';
  end if;
  return (public.moderation_decide(case_id, 'ask-to-fix', '', what_to_fix)).id;
end;
$function$;

comment on function public.moderation_ask_to_fix(case_id bigint, what_to_fix text) is 'Moderators: hides the listing until its landlord edits it, telling them what to fix; returns the decision id.';

revoke all on function public.moderation_ask_to_fix(case_id bigint, what_to_fix text) from public, anon, authenticated, service_role;
grant execute on function public.moderation_ask_to_fix(case_id bigint, what_to_fix text) to authenticated;
