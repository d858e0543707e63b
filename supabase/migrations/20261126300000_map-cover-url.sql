/**
 * ---------------------------------------------------------------------------
 * The search map's cover picture, without every picture's address
 * ---------------------------------------------------------------------------
 * The map's card shows a home's first picture, but the map selected
 * image_urls: every picture's public address, about 130 bytes each. At city
 * zoom (500 homes at most) that was half of a 350 KB answer. market_listings
 * gains cover_url, the first of image_urls (null when there is none), which
 * the map selects instead.
 *
 * The view's rows and the rights it is read with are as before (see
 * 20261125520000_market-listings-owner-view.sql): one column is added at the
 * end, computed from a column every caller could already read.
 */

create or replace view public.market_listings
  with (security_invoker = false)
as
select l.*, l.image_urls[1] as cover_url
from public.listings as l
where (l.off_market_at is null or l.off_market_at > now())
  and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.id);

comment on column public.market_listings.cover_url is
  'The first of image_urls (the picture a card shows), or null: what the search map selects instead of every picture.';
