-- Three open reports from different people (one per person by the unique key) hide the listing.

create or replace function public.hide_reported_listing()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  address text := public.request_client_address();
  why_not text;
begin
  -- One listing's reports are judged one at a time, so two from one address cannot both count.
  perform pg_advisory_xact_lock(hashtextextended('listing_reports:' || new.listing_id::text, 0));

  why_not := case
    when not public.email_is_confirmed(new.reporter_id) then 'email not confirmed'
    when not exists (
      select 1 from auth.users as u
      where u.id = new.reporter_id and u.created_at <= now() - interval '24 hours'
    ) then 'account less than 24 hours old'
    when exists (
      select 1
      from public.listing_report_origins as o
      join public.listing_reports as r on r.id = o.report_id
      where o.listing_id = new.listing_id
        and o.counts
        and o.client_address = address
        and r.reviewed_at is null
    ) then 'same address as another counted report'
  end;

  insert into public.listing_report_origins (report_id, listing_id, client_address, counts, not_counted_because)
  values (new.id, new.listing_id, address, why_not is null, why_not);

  if why_not is null and (
    select count(*)
    from public.listing_report_origins as o
    join public.listing_reports as r on r.id = o.report_id
    where o.listing_id = new.listing_id and o.counts and r.reviewed_at is null
  ) >= 3 then
    insert into public.listing_review_holds (listing_id, landlord_id, held_at)
    select l.id, l.user_ref, now() from public.listings as l where l.id = new.listing_id
    on conflict (listing_id) do nothing;
  end if;
  return null;
end;
$function$;

revoke all on function public.hide_reported_listing() from public, anon, authenticated, service_role;
