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

create table public.listing_place_vocabulary (
  word text not null,
  homes integer not null,
  complete boolean not null default false,
  constraint listing_place_vocabulary_pkey PRIMARY KEY (word)
);

comment on table public.listing_place_vocabulary is 'Each word of listing_place_words and its number of rows; kept by triggers on public.listings.';
comment on column public.listing_place_vocabulary.complete is 'Whether listing_place_words has a row of this word for every listing with no leaving date whose search_text contains it (any case, anywhere): set by complete_place_words, kept by the trigger.';

/**
 * ---------------------------------------------------------------------------
 * Complete places: exact counts below 1,000 for a busy place
 * ---------------------------------------------------------------------------
 * A busy place's rows in listing_place_words proved "at least 1,001" only:
 * they hold the homes whose location has the word and those whose text names
 * it capitalised, not every home whose text contains it ("exeter" in lower
 * case, or inside another word). So a place counted fewer than 1,001 there
 * was counted again from the trigram index ANDed with the type and price
 * index: at a million listings `exeter` for sale up to £300,000 (611 homes)
 * took 28 ms in Postgres, `cambridge` to rent up to £1,200 (599) 37 ms,
 * `manchester flat` for sale up to £200,000 (27) 16 ms.
 *
 * A place is now complete once complete_place_words() has written a row for
 * every home with no leaving date whose text (location, name, description)
 * contains the word in any case, anywhere: listing_place_vocabulary.complete.
 * From then on the trigger writes such a row for every listing it writes
 * (places_named_in), so the rows stay complete. count_listings counts a
 * search of a complete place exactly from its rows when they are few: when
 * the word is the place itself, each other word of the search is a dictionary
 * word (so the marks tell exactly which homes have it), and the try read
 * every row of the search's type and price. The homes leaving on a later
 * date, which no row holds, are counted apart, as the marks' exact count does.
 *
 * complete_place_words() completes every busy place (more than 1,000 homes,
 * four letters or more) not yet complete. This migration runs it; the bench
 * seed runs it after adding listings; a project whose places grow busy runs
 * it from time to time (README). It holds writes to listings while it runs,
 * so no listing is written between a place's rows and its flag.
 *
 * At a million listings (the bench seed) the 117 busy places gain 333,000
 * rows (1.78 to 2.11 million), for homes whose descriptions use a place's
 * name in lower case or inside another word ("england", "south", "high",
 * "market", "town" are places as well as words).
 */
create index listing_place_vocabulary_complete_idx ON public.listing_place_vocabulary using btree (word) WHERE complete;

create index listing_place_vocabulary_homes_idx ON public.listing_place_vocabulary using btree (homes);

-- No API role reads or writes this table directly.
revoke all on table public.listing_place_vocabulary from anon, authenticated, service_role;

alter table public.listing_place_vocabulary enable row level security;

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_place_vocabulary;
