/**
 * ---------------------------------------------------------------------------
 * On the market
 * ---------------------------------------------------------------------------
 * The one rule: a listing is on the market until its off_market_at. Every list
 * and search (Explore's slider, the category pages, Offers, search's list,
 * count and map, saved-search matching, landlord contact) reads this view; the
 * listings' select policy still applies (security invoker), so what it hides
 * stays hidden. A column added to listings later is added here too (the view
 * keeps the columns it was created with), after the existing ones, so
 * `create or replace view` applies: the property facts come after cover_url.
 */

create view public.market_listings with (security_invoker=false) as
SELECT id,
   type,
   name,
   bedrooms,
   bathrooms,
   parking,
   furnished,
   location,
   offer,
   regular_price,
   discounted_price,
   image_urls,
   latitude,
   longitude,
   created_at,
   updated_at,
   user_ref,
   description,
   effective_price,
   keywords,
   status,
   status_changed_at,
   off_market_at,
   price_reduced_at,
   price_reduced_by,
   version,
   place_ids,
   image_urls[1] AS cover_url,
   property_type,
   floor_area_m2,
   epc_rating,
   epc_exempt_reason,
   council_tax_band,
   rates_per_year,
   tenure,
   lease_years_left,
   ground_rent_per_year,
   service_charge_per_year,
   deposit,
   available_now,
   available_from,
   min_tenancy_months,
   bills_included,
   pets_considered
  FROM listings l
 WHERE (off_market_at IS NULL OR off_market_at > now()) AND NOT (EXISTS ( SELECT 1
          FROM listing_review_holds h
         WHERE h.listing_id = l.id));

comment on view public.market_listings is 'Listings on the market and not held for review: every list and search reads this, with the view owner''s rights (see its migration); a listing''s own page reads public.listings.';
comment on column public.market_listings.cover_url is 'The first of image_urls (the picture a card shows), or null: what the search map selects instead of every picture.';

revoke all on table public.market_listings from anon, authenticated, service_role;
grant select on table public.market_listings to anon;
grant select on table public.market_listings to authenticated;
grant select on table public.market_listings to service_role;
