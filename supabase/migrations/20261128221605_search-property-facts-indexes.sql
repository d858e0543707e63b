-- search-property-facts-indexes: the indexes of supabase/schemas/07-listings.sql for the property facts' search
-- filters (taken from search-property-facts' generated part), built concurrently: listings is large, and a build
-- in a transaction would hold its writes. The price indexes are rebuilt with the facts among their included
-- columns (dropped, then built again under the same name); the others are new.

drop index concurrently if exists public.listings_offer_price_idx;

create index concurrently if not exists listings_offer_price_idx ON public.listings USING btree (offer, effective_price, id) INCLUDE (bedrooms, bathrooms, parking, furnished, type, status, off_market_at, user_ref, property_type, floor_area_m2, epc_rating, pets_considered, bills_included, available_now, available_from);

drop index concurrently if exists public.listings_price_idx;

create index concurrently if not exists listings_price_idx ON public.listings USING btree (effective_price, id) INCLUDE (bedrooms, bathrooms, parking, furnished, offer, type, status, off_market_at, user_ref, property_type, floor_area_m2, epc_rating, pets_considered, bills_included, available_now, available_from);

drop index concurrently if exists public.listings_type_price_idx;

create index concurrently if not exists listings_type_price_idx ON public.listings USING btree (type, effective_price, id) INCLUDE (bedrooms, bathrooms, parking, furnished, offer, status, off_market_at, user_ref, property_type, floor_area_m2, epc_rating, pets_considered, bills_included, available_now, available_from);

create index concurrently if not exists listings_epc_newest_idx ON public.listings USING btree (epc_rating, created_at DESC, id DESC) WHERE (epc_rating IS NOT NULL);

create index concurrently if not exists listings_property_type_newest_idx ON public.listings USING btree (property_type, created_at DESC, id DESC) WHERE (property_type IS NOT NULL);

create index concurrently if not exists listings_bills_newest_idx ON public.listings USING btree (created_at DESC, id DESC) WHERE bills_included;

create index concurrently if not exists listings_pets_newest_idx ON public.listings USING btree (created_at DESC, id DESC) WHERE pets_considered;
