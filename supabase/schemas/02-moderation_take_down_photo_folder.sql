/*
 * The photo folder of a case decided as a take-down, for the Edge Function to empty again when removing the
 * photos failed after the decision (the decision stands; the photos must still go). Moderators only.
 */

create or replace function public.moderation_take_down_photo_folder(case_id bigint)
  returns text
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
declare
  folder text;
begin
  perform public.require_moderator();
  select d.landlord_id::text || '/' || d.listing_id::text into folder
  from public.moderation_decisions as d
  where d.case_id = moderation_take_down_photo_folder.case_id and d.decision = 'take-down';
  if folder is null then
    raise exception 'This case was not decided as a take-down' using errcode = 'PT404';
  end if;
  return folder;
end;
$function$;

revoke all on function public.moderation_take_down_photo_folder(case_id bigint) from public, anon, authenticated, service_role;
grant execute on function public.moderation_take_down_photo_folder(case_id bigint) to authenticated;
