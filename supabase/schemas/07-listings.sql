/**
 * ---------------------------------------------------------------------------
 * Listings
 * ---------------------------------------------------------------------------
 * Homes for rent or sale. Everyone may browse them; a signed-in user publishes
 * listings in their own name and edits or deletes only those. The rules of the
 * create and edit forms are repeated here as CHECK constraints, so a request
 * that bypasses the app is refused too. Ids may come from the client, which
 * makes publishing a draft that was queued offline idempotent.
 *
 * Property facts (issue 55: the material information a UK advert shows):
 * property type, floor area, EPC rating (or exempt, with a reason), council
 * tax band (or Northern Ireland's rates, with the yearly amount); for sale the
 * tenure and, when leasehold, the lease's years, ground rent and service
 * charge; for rent the deposit (within the Tenant Fees Act cap of the rent the
 * tenant pays), availability (now, or a date not in the past when set: the
 * trigger listings_available_from_not_past, since a CHECK cannot read the
 * clock), minimum tenancy, bills and pets. Every column is nullable, so the
 * listings published before them stay valid; each rule is a named CHECK.
 * Publishing needs the EPC rating (or exempt), the council tax band and, for
 * rent, the deposit: the trigger listings_publishing_facts, since listings
 * published before them stay valid without them.
 */

create table public.listings (
  id uuid not null default gen_random_uuid(),
  type text not null default 'rent'::text,
  name text not null,
  bedrooms integer not null default 1,
  bathrooms integer not null default 1,
  parking boolean not null default false,
  furnished boolean not null default false,
  location text not null,
  offer boolean not null default false,
  regular_price integer not null,
  discounted_price integer,
  image_urls text[] not null,
  latitude double precision not null,
  longitude double precision not null,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  user_ref uuid not null default auth.uid(),
  description text,
  effective_price integer generated always as (
CASE
    WHEN offer THEN discounted_price
    ELSE regular_price
END) stored,
  keywords tsvector generated always as (array_to_tsvector(keyword_tokens((((((location || ' '::text) || name) || ' '::text) || COALESCE(description, ''::text)))))) stored,
  status text not null default 'available'::text,
  status_changed_at timestamp with time zone not null default now(),
  off_market_at timestamp with time zone,
  price_reduced_at timestamp with time zone,
  price_reduced_by integer,
  version integer not null default 1,
  place_ids integer[] not null default '{}'::integer[],
  property_type text,
  floor_area_m2 numeric(6,1),
  epc_rating text,
  epc_exempt_reason text,
  council_tax_band text,
  rates_per_year integer,
  tenure text,
  lease_years_left integer,
  ground_rent_per_year integer,
  service_charge_per_year integer,
  deposit integer,
  available_now boolean,
  available_from date,
  min_tenancy_months integer,
  bills_included boolean,
  pets_considered boolean,
  constraint listings_pkey PRIMARY KEY (id),
  constraint listings_bathrooms_range CHECK (bathrooms >= 1 AND bathrooms <= 50),
  constraint listings_bedrooms_range CHECK (bedrooms >= 1 AND bedrooms <= 50),
  constraint listings_description_length CHECK (char_length(description) <= 2000),
  constraint listings_description_no_controls CHECK (description !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]'::text),
  constraint listings_description_trimmed CHECK (description = btrim(description, ' 	
'::text)),
  constraint listings_description_visible CHECK (description ~ '[^\s\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff[:cntrl:]]'::text),
  constraint listings_discount_below_regular CHECK (discounted_price < regular_price),
  constraint listings_discount_only_with_offer CHECK (offer OR discounted_price IS NULL),
  constraint listings_discounted_price_range CHECK (discounted_price >= 50 AND discounted_price <= 750000000),
  constraint listings_image_count CHECK (array_ndims(image_urls) = 1 AND cardinality(image_urls) >= 1 AND cardinality(image_urls) <= 6 AND array_position(image_urls, NULL::text) IS NULL),
  constraint listings_image_urls_valid CHECK (listing_image_urls_valid(image_urls, user_ref)),
  constraint listings_latitude_range CHECK (latitude >= '-90'::integer::double precision AND latitude <= 90::double precision),
  constraint listings_location_length CHECK (char_length(location) <= 300),
  constraint listings_location_present CHECK (btrim(location) <> ''::text),
  constraint listings_location_visible CHECK (char_length(visible_text(location)) >= 1),
  constraint listings_longitude_range CHECK (longitude >= '-180'::integer::double precision AND longitude <= 180::double precision),
  constraint listings_name_length CHECK (char_length(name) >= 10 AND char_length(name) <= 32),
  constraint listings_name_visible CHECK (char_length(visible_text(name)) >= 10),
  constraint listings_offer_needs_discount CHECK (NOT offer OR discounted_price IS NOT NULL),
  constraint listings_price_reduced_by_positive CHECK (price_reduced_by > 0),
  constraint listings_price_reduction_whole CHECK ((price_reduced_at IS NULL) = (price_reduced_by IS NULL)),
  constraint listings_regular_price_range CHECK (regular_price >= 50 AND regular_price <= 750000000),
  constraint listings_status_valid CHECK (type = 'sale'::text AND (status = ANY (ARRAY['available'::text, 'under_offer'::text, 'sold_stc'::text, 'sold'::text])) OR type = 'rent'::text AND (status = ANY (ARRAY['available'::text, 'let_agreed'::text, 'let'::text])) OR (type <> ALL (ARRAY['rent'::text, 'sale'::text]))),
  constraint listings_type_valid CHECK (type = ANY (ARRAY['rent'::text, 'sale'::text])),
  constraint listings_version_positive CHECK (version >= 1),
  constraint listings_property_type_valid CHECK (property_type = ANY (ARRAY['flat'::text, 'maisonette'::text, 'terraced'::text, 'semi_detached'::text, 'detached'::text, 'bungalow'::text, 'cottage'::text, 'studio'::text, 'other'::text])),
  constraint listings_floor_area_range CHECK (floor_area_m2 > 0::numeric AND floor_area_m2 <= 10000::numeric),
  constraint listings_epc_rating_valid CHECK (epc_rating = ANY (ARRAY['A'::text, 'B'::text, 'C'::text, 'D'::text, 'E'::text, 'F'::text, 'G'::text, 'exempt'::text])),
  constraint listings_epc_exempt_needs_reason CHECK ((epc_rating IS NOT DISTINCT FROM 'exempt'::text) = (epc_exempt_reason IS NOT NULL)),
  constraint listings_epc_exempt_reason_length CHECK (char_length(visible_text(epc_exempt_reason)) >= 3 AND char_length(epc_exempt_reason) <= 200),
  constraint listings_council_tax_band_valid CHECK (council_tax_band = ANY (ARRAY['A'::text, 'B'::text, 'C'::text, 'D'::text, 'E'::text, 'F'::text, 'G'::text, 'H'::text, 'I'::text, 'not_banded'::text, 'rates'::text])),
  constraint listings_rates_need_amount CHECK ((council_tax_band IS NOT DISTINCT FROM 'rates'::text) = (rates_per_year IS NOT NULL)),
  constraint listings_rates_per_year_positive CHECK (rates_per_year > 0),
  constraint listings_tenure_valid CHECK (tenure = ANY (ARRAY['freehold'::text, 'leasehold'::text, 'share_of_freehold'::text, 'commonhold'::text])),
  constraint listings_tenure_only_for_sale CHECK (type = 'sale'::text OR tenure IS NULL),
  constraint listings_lease_facts_only_for_leasehold CHECK (tenure IS NOT DISTINCT FROM 'leasehold'::text OR lease_years_left IS NULL AND ground_rent_per_year IS NULL AND service_charge_per_year IS NULL),
  constraint listings_lease_years_left_range CHECK (lease_years_left >= 1 AND lease_years_left <= 999),
  constraint listings_ground_rent_not_negative CHECK (ground_rent_per_year >= 0),
  constraint listings_service_charge_not_negative CHECK (service_charge_per_year >= 0),
  constraint listings_rent_facts_only_for_rent CHECK (type = 'rent'::text OR deposit IS NULL AND available_now IS NULL AND available_from IS NULL AND min_tenancy_months IS NULL AND bills_included IS NULL AND pets_considered IS NULL),
  constraint listings_deposit_not_negative CHECK (deposit >= 0),
  constraint listings_deposit_within_cap CHECK (deposit::bigint <= ((
CASE
    WHEN offer THEN discounted_price
    ELSE regular_price
END)::bigint * 12 *
CASE
    WHEN ((
    CASE
        WHEN offer THEN discounted_price
        ELSE regular_price
    END)::bigint * 12) < 50000 THEN 5
    ELSE 6
END) / 52),
  constraint listings_available_now_or_from CHECK (NOT (available_now AND available_from IS NOT NULL)),
  constraint listings_min_tenancy_range CHECK (min_tenancy_months >= 1 AND min_tenancy_months <= 60),
  constraint listings_user_ref_fkey FOREIGN KEY (user_ref) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on column public.listings.created_at is 'Server time of publication; clients cannot set or change it.';
comment on column public.listings.user_ref is 'The landlord: the publishing user; never changes.';
comment on column public.listings.description is 'The landlord''s description: trimmed, up to 2,000 characters.';
comment on column public.listings.effective_price is 'The price a person pays: the discounted price when on offer, else the regular price.';
comment on column public.listings.keywords is 'The keyword tokens of location, name and description (keyword_tokens), for a search''s keywords: each search token the prefix of one of them.';
comment on column public.listings.place_ids is 'The place nearest the home''s position, then the places that contain it (places.within); written by listings_place_ids when the position is.';
comment on column public.listings.status is 'Where the home is on the market: sale available, under_offer, sold_stc, sold; rent available, let_agreed, let.';
comment on column public.listings.status_changed_at is 'Server time the status last changed (publication when it never did); server-owned.';
comment on column public.listings.off_market_at is 'When the listing leaves lists and search: sold/let + 14 days, sold_stc/let_agreed + 60 days; server-owned.';
comment on column public.listings.price_reduced_at is 'When the price a person pays last fell; cleared by an increase; server-owned.';
comment on column public.listings.price_reduced_by is 'How much the price a person pays fell by at price_reduced_at; server-owned.';
comment on column public.listings.version is 'Bumped by every update; an update that names another version is refused (listing_version_conflict).';
comment on column public.listings.property_type is 'Property facts: flat, maisonette, terraced, semi_detached, detached, bungalow, cottage, studio or other; null when not given.';
comment on column public.listings.floor_area_m2 is 'Property facts: the floor area in square metres, over 0 and at most 10,000 (the app shows sq ft beside it).';
comment on column public.listings.epc_rating is 'Property facts: the EPC rating A to G, or exempt (with epc_exempt_reason).';
comment on column public.listings.epc_exempt_reason is 'Why the home needs no EPC (listed building, …): given exactly when epc_rating is exempt, 3 to 200 characters.';
comment on column public.listings.council_tax_band is 'Property facts: council tax band A to H (I in Wales), not_banded, or rates (Northern Ireland, with rates_per_year).';
comment on column public.listings.rates_per_year is 'Northern Ireland''s domestic rates in pounds a year: given exactly when council_tax_band is rates.';
comment on column public.listings.tenure is 'Sale only: freehold, leasehold, share_of_freehold or commonhold.';
comment on column public.listings.lease_years_left is 'Leasehold sales only: years left on the lease, 1 to 999.';
comment on column public.listings.ground_rent_per_year is 'Leasehold sales only: ground rent in pounds a year.';
comment on column public.listings.service_charge_per_year is 'Leasehold sales only: service charge in pounds a year.';
comment on column public.listings.deposit is 'Rent only: the deposit in pounds, at most 5 weeks'' rent (6 where the yearly rent is £50,000 or more; Tenant Fees Act 2019) of the rent the tenant pays.';
comment on column public.listings.available_now is 'Rent only: available now; not together with available_from.';
comment on column public.listings.available_from is 'Rent only: the date the home is available from; not in the past when set (listings_available_from_not_past).';
comment on column public.listings.min_tenancy_months is 'Rent only: the shortest tenancy in months, 1 to 60.';
comment on column public.listings.bills_included is 'Rent only: whether the rent includes the bills.';
comment on column public.listings.pets_considered is 'Rent only: whether pets are considered.';

CREATE STATISTICS public.listings_type_price_stats (mcv) ON type, effective_price FROM listings;
alter statistics public.listings_type_price_stats set statistics 1000;

/**
 * ---------------------------------------------------------------------------
 * Listing area
 * ---------------------------------------------------------------------------
 * The search map asks for the homes inside the visible bounds:
 *
 *   longitude between west and east and latitude between south and north
 *
 * A GiST index over both coordinates (btree_gist's float8 operator class)
 * answers that box from either side, like an R-tree: a narrow strip of
 * longitude does not have to read every latitude, as a btree on
 * (longitude, latitude) would. Hosted Supabase keeps extensions in the
 * `extensions` schema, so the operator class is named with it.
 *
 * Reads stay under the table's row-level security; nothing else changes.
 */
create index listings_area_idx ON public.listings using gist (longitude, latitude);

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * Keyset paging newest first (`order by created_at desc, id desc`) for the
 * explore, category and offers pages, and a landlord's own listings, which
 * also serves the ownership policies.
 */
create index listings_newest_idx ON public.listings using btree (created_at DESC, id DESC);

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * The `reduced` sort pages by keyset on (price_reduced_at desc nulls last,
 * id desc), alone, by type and by offer, like the other sorts. The on-market
 * condition is checked on the rows these and the existing indexes return:
 * nearly every listing is on the market, so an ordered index scan stops after
 * a page's worth of rows. off_market_at is indexed for the few queries led by
 * it (how many have left, or are about to).
 */
create index listings_off_market_idx ON public.listings using btree (off_market_at) WHERE (off_market_at IS NOT NULL);

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * Every sort pages by keyset on its key plus id, so each sort, with and
 * without the type or offer preset, has an index in that order:
 * - newest first: the indexes of the listings migration, and one led by
 *   offer for `offer is true` (a partial index `where offer` serves
 *   `offer = true` only; a leading boolean column serves both forms);
 * - by price: (effective_price, id), read forwards or backwards, alone, by
 *   type and by offer. They carry the room and feature columns, so a count
 *   or a filter on them is answered from the index alone.
 * Keywords and places match through their GIN indexes.
 */
create index listings_offer_newest_idx ON public.listings using btree (offer, created_at DESC, id DESC);

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
 * grow. They carry place_ids too: a count of a big place (a city: 134,000 of
 * 1,000,000 homes) read the whole GIN list of the place into a bitmap first
 * (15-20 ms) where a walk of a price index from the index alone meets 1,001 of
 * its homes within about 10,000 entries (3-5 ms). And the position (latitude,
 * longitude): a radius or a drawn area with a price, sorted by price or
 * counted through these indexes, is tested from the index too. The planner
 * guesses how many homes a circle holds from longitude and latitude apart,
 * up to ten times too many or too few, and a walk it expected to be short
 * read each home from the table: at 1,000,000 homes, 5 miles of Goring for
 * sale, dearest first, walked 29,000 rows (48 ms, from the index 9); 30 miles
 * of Maghull to rent at £500-1,600 counted in 53 ms, from the index 6.
 */
create index listings_offer_price_idx ON public.listings using btree (offer, effective_price, id) INCLUDE (bedrooms, bathrooms, parking, furnished, type, status, off_market_at, user_ref, property_type, floor_area_m2, epc_rating, pets_considered, bills_included, available_now, available_from, place_ids, latitude, longitude);

create index listings_offer_reduced_idx ON public.listings using btree (offer, price_reduced_at DESC NULLS LAST, id DESC);

create index listings_offers_newest_idx ON public.listings using btree (created_at DESC, id DESC) WHERE offer;

create index listings_price_idx ON public.listings using btree (effective_price, id) INCLUDE (bedrooms, bathrooms, parking, furnished, offer, type, status, off_market_at, user_ref, property_type, floor_area_m2, epc_rating, pets_considered, bills_included, available_now, available_from, place_ids, latitude, longitude);

create index listings_reduced_idx ON public.listings using btree (price_reduced_at DESC NULLS LAST, id DESC);

/**
 * ---------------------------------------------------------------------------
 * Newest first, of one type: an index of each type's own
 * ---------------------------------------------------------------------------
 * A page of one type sorted newest with words that few homes match walks an
 * index in the sort's order, checking each home, until it has 11. Of the two
 * indexes in that order, (created_at, id) and (type, created_at, id), the
 * planner priced the second higher: it judges how scattered the heap reads
 * are by the index's first column, and listings of either type are
 * interleaved, while creation order follows the heap's. So it took the first,
 * and read the other type's homes as well: page 50 of `london garden` to rent
 * up to £2,000, at a million listings, read 6,468 homes for 11.
 *
 * Each type now has an index of its own, led by created_at: partial on the
 * type, so it holds only that type's homes and is priced by creation order
 * like the other. The same page reads 3,234 homes. A page with no type keeps
 * listings_newest_idx.
 */
create index listings_rent_newest_idx ON public.listings using btree (created_at DESC, id DESC) WHERE (type = 'rent'::text);

create index listings_sale_newest_idx ON public.listings using btree (created_at DESC, id DESC) WHERE (type = 'sale'::text);

/**
 * ---------------------------------------------------------------------------
 * Search by place and by keywords
 * ---------------------------------------------------------------------------
 * A place without a radius is `place_ids @> {id}`, a search's keywords are
 * queries on the keyword tokens (`('garden' | 'gardens') & 'cafe'`, see
 * home_search_exact): one GIN index of both, so a place with keywords is
 * matched inside the index, each list skipping through the other, not as two
 * bitmaps ANDed (at 1,000,000 homes London's 134,000 and garden's 398,000:
 * 70 ms, in one index 17). A radius and a drawn area are first a box of
 * longitude and latitude (listings_area_idx), then the exact test on the
 * homes in it. Without GIN's pending list (fastupdate off): every search
 * would read the entries of the homes published since the last vacuum, up to
 * 4 MB, and the publish that fills it would merge them all; a publish writes
 * its own entries instead (2,000 homes at 1,000,000: 1.88 s with the list,
 * 1.97 s without).
 */
create index listings_place_keywords_idx ON public.listings using gin (place_ids, keywords) WITH (fastupdate='off');

create index listings_type_price_idx ON public.listings using btree (type, effective_price, id) INCLUDE (bedrooms, bathrooms, parking, furnished, offer, status, off_market_at, user_ref, property_type, floor_area_m2, epc_rating, pets_considered, bills_included, available_now, available_from, place_ids, latitude, longitude);

/**
 * ---------------------------------------------------------------------------
 * Search by the property facts
 * ---------------------------------------------------------------------------
 * The price indexes carry the facts a search filters by (type, floor area,
 * EPC, pets, bills, availability), so a count or a price-ordered page with
 * them is still answered from the index alone. EPC has an index led by it in
 * newest order, for the rare letters (A is about 1 home in 100), covering like
 * the price indexes: a count of them reads only the index (London, for sale,
 * 80 m2 or more, EPC A at 1,000,000 homes: 18 ms, 4). The rarer property
 * types (every type but flats and the three kinds of house, each a few homes
 * in a hundred) have one alike; a search of a common type walks the newest
 * index briefly, and an index of every type was ANDed into a place-and-keywords
 * bitmap at more cost than it saved (that count 37 to 85 ms). A search of
 * several types uses it only when all are rare: home_search_where gives the
 * types as a constant array, which the planner matches to the index's list.
 * With a place or keywords the GIN index leads and the facts are checked on
 * the rows it returns.
 */
create index listings_epc_newest_idx ON public.listings using btree (epc_rating, created_at DESC, id DESC) INCLUDE (effective_price, bedrooms, bathrooms, parking, furnished, offer, type, status, off_market_at, user_ref, property_type, floor_area_m2, pets_considered, bills_included, available_now, available_from, place_ids) WHERE (epc_rating IS NOT NULL);

create index listings_rare_type_newest_idx ON public.listings using btree (property_type, created_at DESC, id DESC) INCLUDE (effective_price, bedrooms, bathrooms, parking, furnished, offer, type, status, off_market_at, user_ref, floor_area_m2, epc_rating, pets_considered, bills_included, available_now, available_from, place_ids) WHERE (property_type = ANY (ARRAY['maisonette'::text, 'bungalow'::text, 'cottage'::text, 'studio'::text, 'other'::text]));

/**
 * Pets considered and bills included are rent homes' and few of them (about
 * one in three and one in seven): each has a partial index in newest order,
 * like offers, so a page of them reads only them. Both carry the columns the
 * price indexes carry, so a count of them with other filters is read from the
 * index alone: pets and bills together were a bitmap of both (60,000 and
 * 140,000 entries, 40 ms at 1,000,000 homes), now a walk of the bills index
 * (2 ms).
 */
create index listings_pets_newest_idx ON public.listings using btree (created_at DESC, id DESC) INCLUDE (effective_price, bedrooms, bathrooms, parking, furnished, offer, type, status, off_market_at, user_ref, property_type, floor_area_m2, epc_rating, bills_included, available_now, available_from, place_ids) WHERE pets_considered;

create index listings_bills_newest_idx ON public.listings using btree (created_at DESC, id DESC) INCLUDE (effective_price, bedrooms, bathrooms, parking, furnished, offer, type, status, off_market_at, user_ref, property_type, floor_area_m2, epc_rating, pets_considered, available_now, available_from, place_ids) WHERE bills_included;

create index listings_type_reduced_idx ON public.listings using btree (type, price_reduced_at DESC NULLS LAST, id DESC);

create index listings_user_ref_idx ON public.listings using btree (user_ref, created_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.listings from anon, authenticated, service_role;
grant select on table public.listings to anon;
grant select, insert, update, delete on table public.listings to authenticated;
grant select, insert, update, delete on table public.listings to service_role;

alter table public.listings enable row level security;

create policy "Listed listings are visible to everyone, and landlords see thei"
  on public.listings for select to anon, authenticated
  using (((NOT (EXISTS ( SELECT 1
   FROM listing_review_holds h
  WHERE (h.listing_id = listings.id)))) OR (user_ref = ( SELECT auth.uid() AS uid))));

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Users can delete their own listings"
  on public.listings for delete to authenticated
  using ((user_ref = ( SELECT auth.uid() AS uid)));

create policy "Users can publish listings in their own name"
  on public.listings for insert to authenticated
  with check ((user_ref = ( SELECT auth.uid() AS uid)));

create policy "Users can update their own listings"
  on public.listings for update to authenticated
  using ((user_ref = ( SELECT auth.uid() AS uid)))
  with check ((user_ref = ( SELECT auth.uid() AS uid)));

/**
 * ---------------------------------------------------------------------------
 * A listing leaves the market: its open requests are cancelled
 * ---------------------------------------------------------------------------
 * Under offer, let agreed, let, sold subject to contract or sold: each request
 * still waiting for the landlord is cancelled with a line from the landlord.
 * Booked viewings stay (the landlord cancels them if they wish).
 */
create trigger cancel_viewing_requests_off_market AFTER UPDATE OF status ON listings FOR EACH ROW WHEN (new.status <> 'available'::text AND old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION cancel_viewing_requests_off_market();

/**
 * Moves the listings a statement changed between cells: departed rows
 * (updated or deleted) leave theirs, arrived rows (inserted or updated) join
 * theirs. One grouped upsert per transition table, so a bulk insert of a
 * million listings costs one pass; cells are written in key order, so two
 * statements touching the same cells wait for each other instead of
 * deadlocking. Security definer: the table is written by nobody else.
 */
create trigger listings_clusters_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS departed FOR EACH STATEMENT EXECUTE FUNCTION count_listing_clusters();

create trigger listings_clusters_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION count_listing_clusters();

create trigger listings_clusters_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS departed NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION count_listing_clusters();

-- Every word a listing is written with joins the keyword vocabulary (remember_keyword_words).
create trigger listings_keyword_words_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION remember_keyword_words();

create trigger listings_keyword_words_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS departed NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION remember_keyword_words();

/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */
create trigger listings_lift_fix_hold AFTER UPDATE ON listings FOR EACH ROW EXECUTE FUNCTION lift_fix_hold();

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
create trigger listings_price_history_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION record_listing_prices();

create trigger listings_price_history_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_listings NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION record_listing_prices();

/**
 * ---------------------------------------------------------------------------
 * Publishing limits
 * ---------------------------------------------------------------------------
 * One account publishes at most 20 new listings in any 24 hours and holds at
 * most 200 in all. The database refuses the 21st (or the 201st) with a message
 * the listing form shows as it is; a draft waiting on the device keeps its
 * place and shows the same reason. The limits bind API callers (anon,
 * authenticated); the service role and the table owner (seeding, maintenance)
 * are not held to them.
 */
/**
 * ---------------------------------------------------------------------------
 * A listing's places
 * ---------------------------------------------------------------------------
 * When a listing's position is written, place_ids becomes the `within` of the
 * place nearest it (great-circle; ties to the lower id): that place, then the
 * places that contain it. A write of place_ids itself is worked out again, so
 * nobody puts a home in a place it is not in.
 */
/**
 * ---------------------------------------------------------------------------
 * Available from, not in the past
 * ---------------------------------------------------------------------------
 * A rent listing's available_from may not be before today (in the UK) when it
 * is set: on insert, or by an update that changes it. A date that has since
 * passed stays through later edits of other fields. API callers only, like the
 * publishing limits; seeding and maintenance are not held to it.
 */
create trigger listings_available_from_not_past BEFORE INSERT OR UPDATE OF available_from ON listings FOR EACH ROW EXECUTE FUNCTION refuse_past_available_from();

create trigger listings_place_ids BEFORE INSERT OR UPDATE OF latitude, longitude, place_ids ON listings FOR EACH ROW EXECUTE FUNCTION set_listing_place_ids();

/**
 * ---------------------------------------------------------------------------
 * The facts publishing needs
 * ---------------------------------------------------------------------------
 * A new listing needs its EPC rating (or exempt), council tax band and, for
 * rent, deposit; an update may not take one away (a rent that becomes a sale
 * drops its deposit), but need not add what an older listing never had. API
 * callers only; seeding and maintenance are not held to it. An update can
 * only take a fact away by naming its column, so other updates skip it. Named
 * to run before the publishing limits, so a refused insert takes no place.
 */
create trigger listings_publishing_facts BEFORE INSERT OR UPDATE OF type, epc_rating, council_tax_band, deposit ON listings FOR EACH ROW EXECUTE FUNCTION require_publishing_facts();

create trigger listings_publishing_limits BEFORE INSERT ON listings FOR EACH ROW EXECUTE FUNCTION enforce_publishing_limits();

/**
 * Publishing records the matches and queues the alerts: after an insert of
 * listings, one match per (matching search, listing), and one delivery per
 * match of a search with alerts on; the publisher's own searches left out. Security definer: the publisher can neither read other people's
 * searches nor write the queue.
 */
create trigger listings_queue_alerts AFTER INSERT ON listings REFERENCING NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION queue_listing_alerts();

/**
 * After an update of listings: for each listing whose move matters, one push
 * per person who saved it and wants these alerts. One change per update, the
 * biggest: leaving the market, else going under offer (a status change into
 * under_offer, sold_stc or let_agreed), else a fall in price.
 */
create trigger listings_queue_saved_home_pushes AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_listings NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION queue_saved_home_pushes();

/**
 * ---------------------------------------------------------------------------
 * Server-owned columns
 * ---------------------------------------------------------------------------
 * For API callers (anon, authenticated) an insert gets the server's time and
 * the caller's id whatever the request said; the service role and the table
 * owner (seeding, maintenance) may set both. After insert, id, created_at and
 * user_ref never change, for anyone; updated_at records the last change.
 */
create trigger listings_stamp BEFORE INSERT OR UPDATE ON listings FOR EACH ROW EXECUTE FUNCTION stamp_listing();

/**
 * ---------------------------------------------------------------------------
 * Status history
 * ---------------------------------------------------------------------------
 * Every status a listing has had, from its publication: the landlord's record
 * of the sale or let, and part of their data export. Written by trigger only,
 * like the price history: no API role may insert, update or delete a row.
 * Readable by whoever can read the listing.
 */
create trigger listings_status_history_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION record_listing_statuses();

create trigger listings_status_history_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_listings NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION record_listing_statuses();

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listings;

-- On alert_deliveries, written here because it names this table, which needs alert_deliveries first.
alter table public.alert_deliveries add constraint alert_deliveries_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_price_history, written here because it names this table, which needs listing_price_history first.
alter table public.listing_price_history add constraint listing_price_history_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_price_history, written here because it reads this table, which needs listing_price_history first.
-- Whoever can read the listing (its select policy applies inside the subquery) reads its history.
create policy "Price history is visible to whoever can see the listing"
  on public.listing_price_history for select to anon, authenticated, service_role
  using ((EXISTS ( SELECT 1
   FROM listings l
  WHERE (l.id = listing_price_history.listing_id))));

-- On listing_report_origins, written here because it names this table, which needs listing_report_origins first.
alter table public.listing_report_origins add constraint listing_report_origins_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_review_holds, written here because it names this table, which needs listing_review_holds first.
alter table public.listing_review_holds add constraint listing_review_holds_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_status_history, written here because it names this table, which needs listing_status_history first.
alter table public.listing_status_history add constraint listing_status_history_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_status_history, written here because it reads this table, which needs listing_status_history first.
/**
 * ---------------------------------------------------------------------------
 * Status history
 * ---------------------------------------------------------------------------
 * Every status a listing has had, from its publication: the landlord's record
 * of the sale or let, and part of their data export. Written by trigger only,
 * like the price history: no API role may insert, update or delete a row.
 * Readable by whoever can read the listing.
 */
create policy "Status history is visible to whoever can see the listing"
  on public.listing_status_history for select to anon, authenticated, service_role
  using ((EXISTS ( SELECT 1
   FROM listings l
  WHERE (l.id = listing_status_history.listing_id))));

-- On moderation_cases, written here because it names this table, which needs moderation_cases first.
alter table public.moderation_cases add constraint moderation_cases_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On saved_home_pushes, written here because it names this table, which needs saved_home_pushes first.
alter table public.saved_home_pushes add constraint saved_home_pushes_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On saved_listings, written here because it names this table, which needs saved_listings first.
alter table public.saved_listings add constraint saved_listings_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On saved_search_matches, written here because it names this table, which needs saved_search_matches first.
alter table public.saved_search_matches add constraint saved_search_matches_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On viewing_bookings, written here because it names this table, which needs viewing_bookings first.
alter table public.viewing_bookings add constraint viewing_bookings_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

/**
 * ---------------------------------------------------------------------------
 * Live updates
 * ---------------------------------------------------------------------------
 * Every change goes to the listing's topic and its landlord's; a change of status, price or leaving date to
 * its savers' too. A deletion says so to the same people, before the saves go with the row.
 */
create trigger listings_send_live AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_listings NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION send_listing_live();

create trigger listings_send_live_deleted BEFORE DELETE ON listings FOR EACH ROW EXECUTE FUNCTION send_listing_deleted_live();
