/**
 * ---------------------------------------------------------------------------
 * Common words: a word of many descriptions counted from an index of its own
 * ---------------------------------------------------------------------------
 * A word that no busy place has but many descriptions do ("flat", "garden")
 * was counted from the trigram index: at a million listings `flat` to rent up
 * to £1,500 ANDs an eighth's trigram and price bitmaps (711 matches, 9.5 ms)
 * and reads the rest of its 1,001 through the price index, checking the word
 * on each home (12.8 ms more). No order of those indexes reaches 1,001 in
 * budget: each match costs its share of a bitmap.
 *
 * listing_common_words is a dictionary of 64 words that housing descriptions
 * use most, each with a bit. listing_word_marks holds, for every listing with
 * no leaving date and at least one of them, the bits of the dictionary words
 * its search_text contains (`marks`), with the columns a search filters on;
 * its index leads with type and price and includes the rest, so a count reads
 * it alone. A home marked with a word containing the search's word contains
 * the search's word (ILIKE compares the lower-cased text with the lower-cased
 * pattern, as the marks are made from lower(search_text)), so 1,001 marked
 * homes that pass the filters make the count 1,001 (`1,000+`): `flat` to
 * rent up to £1,500 reads 13,769 index entries of rents up to £1,500, 1,001
 * of them marked, in about 2 ms.
 * For a part of a dictionary word ("flatm" of "flatmate" is not one), the
 * marks only prove "at least 1,001", as the place words do: a home may hold
 * the search's word in a word the dictionary lacks. But a home is marked with
 * a dictionary word exactly when its text contains it, so when each word of
 * the search is a dictionary word and the try read every row of the search's
 * type and price, its count is exact for the listings with no leaving date;
 * those leaving on a later date (let agreed, sold subject to contract) are
 * counted apart, through market_listings. `flat` to rent up to £1,500 at
 * 100,000 listings (599 homes) is counted from 8,221 index entries in about
 * 1.5 ms instead of 10. Otherwise below 1,001 it counts as before.
 *
 * A try reads at most 20,000 rows of the search's type and price, so it
 * proves the count of a word held by at least one home in 20 of them (about
 * 1.5 ms in vain). The dictionary is fixed here: changing it changes what the
 * bits mean, so a migration that changes it rewrites listing_word_marks.
 *
 * The marks are kept by statement triggers on listings, like the place words:
 * a listing's row is rewritten only when a column it holds, or its text,
 * changes. A held listing keeps its row, and the count leaves it out by
 * listing_review_holds. Nobody reads or writes either table but the trigger
 * and count_listings (security definer, see the place words' migration).
 */

create table public.listing_word_marks (
  listing_id uuid not null,
  type text not null,
  effective_price integer not null,
  marks bigint not null,
  bedrooms integer not null,
  bathrooms integer not null,
  parking boolean not null,
  furnished boolean not null,
  offer boolean not null,
  status text not null,
  latitude double precision not null,
  longitude double precision not null,
  constraint listing_word_marks_pkey PRIMARY KEY (listing_id),
  constraint listing_word_marks_marks_check CHECK (marks <> 0)
);

comment on table public.listing_word_marks is 'For each listing with no leaving date and a word of listing_common_words, the bits of those words in its search_text; kept by triggers on public.listings, read by count_listings.';

/** The bits set in a listing's marks, smallest first (the dictionary words its text contains). */
create index listing_word_marks_bits_idx ON public.listing_word_marks using gin (common_word_bits(marks));

create index listing_word_marks_idx ON public.listing_word_marks using btree (type, effective_price) INCLUDE (marks, listing_id, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude);

-- No API role reads or writes this table directly.
revoke all on table public.listing_word_marks from anon, authenticated, service_role;

alter table public.listing_word_marks enable row level security;

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_word_marks;
