/**
 * ---------------------------------------------------------------------------
 * The operator's review (service role only)
 * ---------------------------------------------------------------------------
 * `select * from public.listing_reports_review` lists every listing with open
 * reports, hidden ones first; `select public.review_listing_reports(id)`
 * marks its reports reviewed and lists it again. To take a listing down
 * instead, remove its photos through the Storage API and delete its row.
 */

create or replace function public.review_listing_reports(listing_id uuid)
  returns integer
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  reviewed integer;
begin
  update public.listing_reports as r
  set reviewed_at = now()
  where r.listing_id = review_listing_reports.listing_id and r.reviewed_at is null;
  get diagnostics reviewed = row_count;
  delete from public.listing_review_holds as h where h.listing_id = review_listing_reports.listing_id;
  return reviewed;
end;
$function$;

comment on function public.review_listing_reports(listing_id uuid) is 'Marks the listing''s open reports reviewed and lists it again; returns how many were reviewed.';

revoke all on function public.review_listing_reports(listing_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.review_listing_reports(listing_id uuid) to service_role;
