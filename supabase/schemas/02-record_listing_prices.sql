/**
 * ---------------------------------------------------------------------------
 * Price history
 * ---------------------------------------------------------------------------
 * One row when a listing is published (`Listed at`, no previous price) and one
 * for every change of the price a person pays. Written only by the triggers
 * below (security definer): no API role may insert, update or delete a row,
 * not even the service role, so history cannot be written or rewritten
 * through the API. Rows go with their listing.
 */

create or replace function public.record_listing_prices()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'INSERT' then
    insert into public.listing_price_history (listing_id, price, previous_price, changed_at)
    select l.id, l.effective_price, null, l.created_at from new_listings as l;
  else
    insert into public.listing_price_history (listing_id, price, previous_price, changed_at)
    select l.id, l.effective_price, o.effective_price, l.updated_at
    from new_listings as l
    join old_listings as o on o.id = l.id
    where l.effective_price is distinct from o.effective_price;
  end if;
  return null;
end;
$function$;

revoke all on function public.record_listing_prices() from public, anon, authenticated, service_role;
