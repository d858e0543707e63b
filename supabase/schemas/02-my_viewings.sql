/**
 * ---------------------------------------------------------------------------
 * The Viewings screen
 * ---------------------------------------------------------------------------
 * The caller's viewings from `since` on, both sides, in time order, with what the day needs offline: the
 * home's facts, photos, address and position, and the other person's name (never their email). Two
 * index range scans (hunter, landlord), merged.
 */

create or replace function public.my_viewings(since timestamp with time zone default NULL::timestamp with time zone, page_size integer default 200)
  returns table(id uuid, slot_id uuid, listing_id uuid, role text, status text, cancelled_late boolean, starts_at timestamp with time zone, ends_at timestamp with time zone, other_name text, conversation_id uuid, listing_name text, listing_type text, location text, latitude double precision, longitude double precision, bedrooms integer, bathrooms integer, price integer, image_urls text[])
  language sql
  stable security definer
  set search_path to ''
as $function$
  with me as (select auth.uid() as id),
  picked as (
    (
      select b.* from public.viewing_bookings as b, me
      where b.hunter_id = me.id and b.starts_at >= coalesce(since, now() - interval '1 day')
      order by b.starts_at, b.id
      limit least(greatest(page_size, 1), 500)
    )
    union all
    (
      select b.* from public.viewing_bookings as b, me
      where b.landlord_id = me.id and b.starts_at >= coalesce(since, now() - interval '1 day')
      order by b.starts_at, b.id
      limit least(greatest(page_size, 1), 500)
    )
  )
  select
    b.id, b.slot_id, b.listing_id,
    case when b.hunter_id = me.id then 'hunter' else 'landlord' end,
    b.status, b.cancelled_late, b.starts_at, b.ends_at,
    p.name,
    c.id,
    l.name, l.type, l.location, l.latitude::double precision, l.longitude::double precision,
    l.bedrooms::integer, l.bathrooms::integer,
    coalesce(l.discounted_price, l.regular_price)::integer,
    l.image_urls
  from picked as b
  cross join me
  join public.listings as l on l.id = b.listing_id
  left join public.profiles as p on p.id = case when b.hunter_id = me.id then b.landlord_id else b.hunter_id end
  left join public.conversations as c on c.listing_id = b.listing_id and c.hunter_id = b.hunter_id
  order by b.starts_at, b.id
  limit least(greatest(page_size, 1), 500);
$function$;

revoke all on function public.my_viewings(since timestamp with time zone, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.my_viewings(since timestamp with time zone, page_size integer) to authenticated;
grant execute on function public.my_viewings(since timestamp with time zone, page_size integer) to service_role;
