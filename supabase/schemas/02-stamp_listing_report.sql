-- A report is the caller's, at the server's time, not yet reviewed, and never of their own listing.

create or replace function public.stamp_listing_report()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if auth.uid() is not null then
    new.reporter_id := auth.uid();
  end if;
  new.created_at := now();
  new.reviewed_at := null;
  if exists (select 1 from public.listings as l where l.id = new.listing_id and l.user_ref = new.reporter_id) then
    raise exception 'You cannot report your own listing' using errcode = 'P0001';
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_listing_report() from public, anon, authenticated, service_role;
