/**
 * ---------------------------------------------------------------------------
 * market_listings reads with its owner's rights
 * ---------------------------------------------------------------------------
 * Every list and search reads market_listings. As a security-invoker view it
 * ran under the listings' select policy, and a policy that is not simply
 * `true` (a held listing is hidden from everyone but its landlord) makes
 * Postgres evaluate the policy before any condition whose operator is not
 * leakproof. ILIKE is not, so a place or keyword search could no longer use
 * the trigram index and read the whole table; and under row-level security
 * the planner does not estimate such an operator from the column's
 * statistics either.
 *
 * So the view now reads public.listings with its owner's rights, and states
 * the listing rules itself: on the market, and not held for review. It
 * exposes nothing the select policy does not: every row it shows is one the
 * policy shows to everybody (not held), and every column of such a row is
 * already readable by anon and authenticated through public.listings. It is
 * narrower than the policy, which also shows a landlord their own held
 * listing: lists and search leave a held listing out for everyone, its page
 * (public.listings) still opens for its landlord. It is not a security
 * barrier view, on purpose: a barrier would again keep ILIKE from the index.
 * Request filters are PostgREST's built-in operators on the view's columns,
 * none of which can reveal a row the view's conditions leave out.
 */

create or replace view public.market_listings
  with (security_invoker = false)
as
select l.*
from public.listings as l
where (l.off_market_at is null or l.off_market_at > now())
  and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.id);

comment on view public.market_listings is
  'Listings on the market and not held for review: every list and search reads this, with the view owner''s rights (see its migration); a listing''s own page reads public.listings.';
