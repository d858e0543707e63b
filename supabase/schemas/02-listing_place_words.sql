/**
 * ---------------------------------------------------------------------------
 * Place words: a busy place's homes counted from an index of their own
 * ---------------------------------------------------------------------------
 * Most searches with a word name a place ("london", "leeds"). At a million
 * listings `london` matches 78,000 homes, and its capped count read an
 * eighth's trigram index and 800-900 pages of listings: 5.8 ms, and 10.6 ms
 * with a type and a price (BitmapAnd of the eighth's trigram and price
 * indexes, 30,000 entries, for 1,001 matches).
 *
 * listing_place_words holds, for every listing with no leaving date, one row
 * per word of its location (a run of letters and digits, lower-cased), with
 * the columns a search filters on; its index leads with the word, then type
 * and price. A home whose location has a word containing a search's word
 * matches that word (its search_text starts with its location, and ILIKE
 * compares the lower-cased text with the lower-cased pattern, as lower() does
 * here), so 1,001 such homes that pass the filters make the count 1,001
 * (`1,000+`). Found there, the count reads 1,001 index entries and no
 * listing: `london` 5.8 -> 0.85 ms, `london` for rent up to £2,000 10.6 -> 0.77
 * ms (medians of 25 calls as anon at a million listings).
 * Below 1,001 it counts as before: the place words only ever prove "at least
 * 1,001", so they need not hold every match (a listing leaving on a date, a
 * word of its description), only matches, and the exact count below the cap
 * is unchanged.
 *
 * listing_place_vocabulary holds each word and how many rows it has, so only
 * places with more than 1,000 homes are tried, the busiest first. A try reads
 * at most 10,000 of the place's rows of the search's type and price, so one
 * whose other filters leave few of them (five bedrooms, parking, furnished)
 * costs at most about half a millisecond in vain; no estimate is needed first,
 * and a place's count found there skips the planner's estimate as well.
 *
 * Both tables are kept by statement triggers on listings (one grouped write
 * per statement, as listing_clusters is); an update rewrites a listing's rows
 * only when a column they hold changes. A held listing keeps its rows (it may
 * be released), and the count leaves it out by listing_review_holds, as
 * market_listings does. Vocabulary rows are upserted in word order, so two
 * statements wait for each other instead of deadlocking; a word whose homes
 * all left stays, with 0.
 *
 * Nobody reads or writes either table but its trigger and count_listings,
 * which is now security definer. It was security invoker, reading
 * market_listings, an owner's view, so its answer does not depend on the
 * caller: what it returns is a number of homes on the market, which anyone
 * may count through market_listings. Its arguments are passed as parameters
 * and choose only which of its fixed conditions apply (the Supabase security
 * advisor's notice that anon may run a security-definer function is answered
 * by this).
 */

create table public.listing_place_words (
  word text not null,
  type text not null,
  effective_price integer not null,
  listing_id uuid not null,
  bedrooms integer not null,
  bathrooms integer not null,
  parking boolean not null,
  furnished boolean not null,
  offer boolean not null,
  status text not null,
  latitude double precision not null,
  longitude double precision not null,
  marks bigint not null default 0,
  created_at timestamp with time zone not null,
  off_market_at timestamp with time zone
);

comment on table public.listing_place_words is 'One row per word of a listing''s location and busy place its text names, for listings on the market (no leaving date, or a later one); kept by triggers on public.listings, read by count_listings and search_newest.';
comment on column public.listing_place_words.marks is 'The listing''s bits of listing_common_words (as listing_word_marks.marks), for searches of a place and a common word.';
comment on column public.listing_place_words.created_at is 'The listing''s created_at (never changes once it is published), for paging a place''s homes newest first.';
comment on column public.listing_place_words.off_market_at is 'The listing''s leaving date: null for most; a row of a home leaving on a later date is paged, not counted.';

/**
 * ---------------------------------------------------------------------------
 * A place's homes by price, paged from its own rows
 * ---------------------------------------------------------------------------
 * A search with words sorted by price walks the listings of its type and
 * price in price order and checks each against its words, until a page's
 * worth match. For a town many descriptions name, few of whose texts match,
 * that is a long walk: page 1 of `york` to rent up to £2,000, price rising, at
 * a million listings read 2,063 buffers of listings for its 11 (3.4 ms in
 * Postgres), and such rows of the bench came near 60 ms p95 with eight
 * requests at once through the stack.
 *
 * listing_place_words (the newest-by-place migration) has a row for every
 * home on the market whose text contains a complete place, with its type,
 * price, marks, the filters' columns and its leaving date, in an index by
 * (word, type, price). Its key now ends with the listing's id, so a place's
 * rows of one type come in the order a price page shows them (price, then id),
 * ties included; without a type the two types' rows are merged in that order.
 *
 * search_by_price(words, filters, descending, after_price, after_id,
 * page_size) is one page of a search sorted by price, rising or falling, as
 * the app asked market_listings for it: the same rows in the same order. As
 * search_newest does for newest, it pages a complete place's rows when one
 * word is that place and each other word is a dictionary word, checking type,
 * price, the words' marks and the leaving date on the rows before it reads a
 * listing, and otherwise runs the query the app sent before. Every row it returns is read from market_listings and
 * checked there against every word and filter, so it returns only homes that
 * view shows anyone, with the view's columns. It is security definer only to
 * read listing_place_words; its arguments are parameters that choose which of
 * its fixed conditions apply, and its direction which of two fixed statements
 * runs (the answer to the Supabase security advisor's notice, as for
 * count_listings).
 *
 * Both functions now find their place with one helper, search_place, and
 * write their filters' conditions with another, search_filter_conditions;
 * neither is granted to anyone (search_newest is restated to use them).
 */
create index listing_place_words_idx ON public.listing_place_words using btree (word, type, effective_price, listing_id) INCLUDE (marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude, off_market_at);

-- The rows of homes with a leaving date, for complete_place_words to delete those whose date has passed.
create index listing_place_words_leaving_idx ON public.listing_place_words using btree (off_market_at) WHERE (off_market_at IS NOT NULL);

-- A listing's rows, for the trigger: thousands of homes may share a place, a type and a price.
create index listing_place_words_listing_idx ON public.listing_place_words using btree (listing_id);

-- A place's homes newest first, with what a page checks before reading a listing.
create index listing_place_words_newest_idx ON public.listing_place_words using btree (word, created_at DESC, listing_id DESC) INCLUDE (type, effective_price, marks, off_market_at);

-- No API role reads or writes this table directly.
revoke all on table public.listing_place_words from anon, authenticated, service_role;

alter table public.listing_place_words enable row level security;

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_place_words;
