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

create table public.listing_common_words (
  "bit" smallint not null,
  word text not null,
  constraint listing_common_words_pkey PRIMARY KEY ("bit"),
  constraint listing_common_words_word_key UNIQUE (word),
  constraint listing_common_words_bit_check CHECK ("bit" >= 0 AND "bit" <= 63),
  constraint listing_common_words_word_check CHECK (word ~ '^[a-z]+$'::text)
);

comment on table public.listing_common_words is 'Words housing descriptions use most, each with its bit of listing_word_marks.marks; fixed by migration.';

-- No API role reads or writes this table directly.
revoke all on table public.listing_common_words from anon, authenticated, service_role;

alter table public.listing_common_words enable row level security;

-- Rows the schema holds from the start (they are part of it, not demo data).
insert into public.listing_common_words (bit, word) values
  (0, 'flat'),
  (1, 'apartment'),
  (2, 'house'),
  (3, 'home'),
  (4, 'studio'),
  (5, 'cottage'),
  (6, 'bungalow'),
  (7, 'maisonette'),
  (8, 'terrace'),
  (9, 'detached'),
  (10, 'semi'),
  (11, 'period'),
  (12, 'victorian'),
  (13, 'georgian'),
  (14, 'modern'),
  (15, 'new'),
  (16, 'garden'),
  (17, 'balcony'),
  (18, 'patio'),
  (19, 'parking'),
  (20, 'garage'),
  (21, 'driveway'),
  (22, 'kitchen'),
  (23, 'bathroom'),
  (24, 'bedroom'),
  (25, 'shower'),
  (26, 'reception'),
  (27, 'living'),
  (28, 'dining'),
  (29, 'room'),
  (30, 'open'),
  (31, 'double'),
  (32, 'glazing'),
  (33, 'boiler'),
  (34, 'heating'),
  (35, 'fireplace'),
  (36, 'storage'),
  (37, 'furnished'),
  (38, 'bills'),
  (39, 'bright'),
  (40, 'spacious'),
  (41, 'quiet'),
  (42, 'views'),
  (43, 'park'),
  (44, 'station'),
  (45, 'shops'),
  (46, 'schools'),
  (47, 'transport'),
  (48, 'walk'),
  (49, 'centre'),
  (50, 'town'),
  (51, 'village'),
  (52, 'street'),
  (53, 'road'),
  (54, 'close'),
  (55, 'family'),
  (56, 'floor'),
  (57, 'ground'),
  (58, 'lift'),
  (59, 'sea'),
  (60, 'river'),
  (61, 'light'),
  (62, 'refurbished'),
  (63, 'large');

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_common_words;
