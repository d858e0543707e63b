/**
 * ---------------------------------------------------------------------------
 * Status history
 * ---------------------------------------------------------------------------
 * Every status a listing has had, from its publication: the landlord's record
 * of the sale or let, and part of their data export. Written by trigger only,
 * like the price history: no API role may insert, update or delete a row.
 * Readable by whoever can read the listing.
 */

create or replace function public.record_listing_statuses()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'INSERT' then
    insert into public.listing_status_history (listing_id, status, previous_status, changed_at)
    select l.id, l.status, null, l.status_changed_at from new_listings as l;
  else
    insert into public.listing_status_history (listing_id, status, previous_status, changed_at)
    select l.id, l.status, o.status, l.status_changed_at
    from new_listings as l
    join old_listings as o on o.id = l.id
    where l.status is distinct from o.status;
  end if;
  return null;
end;
$function$;

revoke all on function public.record_listing_statuses() from public, anon, authenticated, service_role;
