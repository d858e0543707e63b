/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */

create or replace function public.open_moderation_case()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  insert into public.moderation_cases (listing_id, priority)
  values (
    new.listing_id,
    case when exists (select 1 from public.listing_review_holds as h where h.listing_id = new.listing_id) then 0 else 1 end
  )
  on conflict (listing_id) where closed_at is null do nothing;
  return null;
end;
$function$;

revoke all on function public.open_moderation_case() from public, anon, authenticated, service_role;
