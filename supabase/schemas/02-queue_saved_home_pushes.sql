/**
 * After an update of listings: for each listing whose move matters, one push
 * per person who saved it and wants these alerts. One change per update, the
 * biggest: leaving the market, else going under offer (a status change into
 * under_offer, sold_stc or let_agreed), else a fall in price.
 */

create or replace function public.queue_saved_home_pushes()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  insert into public.saved_home_pushes (listing_id, user_id, change, status, price, previous_price)
  select moved.id, s.user_id, moved.change, moved.status, moved.price,
    case when moved.change = 'reduced' then moved.price + moved.reduced_by else moved.previous_price end
  from (
    select
      n.id,
      n.user_ref,
      n.status,
      n.effective_price as price,
      o.effective_price as previous_price,
      n.price_reduced_by as reduced_by,
      case
        when n.status in ('sold', 'let') and n.status is distinct from o.status then 'off_market'
        when n.status in ('under_offer', 'sold_stc', 'let_agreed') and n.status is distinct from o.status
          then 'under_offer'
        when n.effective_price < o.effective_price and n.price_reduced_by is not null then 'reduced'
      end as change
    from new_listings as n
    join old_listings as o on o.id = n.id
  ) as moved
  join public.saved_listings as s on s.listing_id = moved.id
  join public.profiles as p on p.id = s.user_id
  where moved.change is not null
    and p.saved_home_alerts
    and s.user_id <> moved.user_ref;
  return null;
end;
$function$;

revoke all on function public.queue_saved_home_pushes() from public, anon, authenticated, service_role;
