/*
 * `Take down`: off the market for good (a hold no edit lifts), with a reason
 * from the list. Returns the listing's photo folder in listing-images, which
 * the moderate-listing Edge Function then empties through the Storage API.
 */

create or replace function public.moderation_take_down(case_id bigint, reason text, note text default ''::text)
  returns jsonb
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  made public.moderation_decisions;
begin
  perform public.require_moderator();
  if reason is null or reason not in (
    'Scam or fraud', 'Misleading details', 'Offensive content', 'Already let or sold', 'Duplicate listing', 'Against the rules'
  ) then
    raise exception 'Choose a reason from the list' using errcode = '22023';
  end if;
  made := public.moderation_decide(case_id, 'take-down', reason, note);
  return jsonb_build_object(
    'decision_id', made.id,
    'listing_id', made.listing_id,
    'photo_folder', made.landlord_id::text || '/' || made.listing_id::text
  );
end;
$function$;

comment on function public.moderation_take_down(case_id bigint, reason text, note text) is 'Moderators: takes the listing off the market for good; returns its photo folder for the Edge Function to remove.';

revoke all on function public.moderation_take_down(case_id bigint, reason text, note text) from public, anon, authenticated, service_role;
grant execute on function public.moderation_take_down(case_id bigint, reason text, note text) to authenticated;
