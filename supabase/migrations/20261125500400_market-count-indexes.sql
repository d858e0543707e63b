/**
 * ---------------------------------------------------------------------------
 * Counts from the indexes alone, on the market
 * ---------------------------------------------------------------------------
 * A search's exact count reads market_listings: besides its filters, each row
 * is checked for being on the market (off_market_at), available when Include
 * under offer is off (status), and visible under the listings' select policy
 * (user_ref, beside the id already in the key). The price indexes carried the
 * room and feature columns so that a count was answered from the index alone;
 * they now carry these three too, so it still is rather than reading every
 * matching row from the table. Same keys and names; only the included columns
 * grow.
 */

drop index public.listings_price_idx;
create index listings_price_idx on public.listings (effective_price, id)
  include (bedrooms, bathrooms, parking, furnished, offer, type, status, off_market_at, user_ref);

drop index public.listings_type_price_idx;
create index listings_type_price_idx on public.listings (type, effective_price, id)
  include (bedrooms, bathrooms, parking, furnished, offer, status, off_market_at, user_ref);

drop index public.listings_offer_price_idx;
create index listings_offer_price_idx on public.listings (offer, effective_price, id)
  include (bedrooms, bathrooms, parking, furnished, type, status, off_market_at, user_ref);
