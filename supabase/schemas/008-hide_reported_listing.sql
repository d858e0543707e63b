-- Three open reports from different people (one per person by the unique key) hide the listing.

create or replace function public.hide_reported_listing()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if (
    select count(*) from public.listing_reports as r
    where r.listing_id = new.listing_id and r.reviewed_at is null
  ) >= 3 then
    insert into public.listing_review_holds (listing_id, landlord_id)
    select l.id, l.user_ref from public.listings as l where l.id = new.listing_id
    on conflict (listing_id) do nothing;
  end if;
  return null;
end;
$function$;

revoke all on function public.hide_reported_listing() from public, anon, authenticated, service_role;
