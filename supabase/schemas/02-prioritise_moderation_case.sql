/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */

create or replace function public.prioritise_moderation_case()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  update public.moderation_cases as c
  set priority = case when tg_op = 'DELETE' then 1 else 0 end
  where c.listing_id = case when tg_op = 'DELETE' then old.listing_id else new.listing_id end
    and c.closed_at is null;
  return null;
end;
$function$;

revoke all on function public.prioritise_moderation_case() from public, anon, authenticated, service_role;
