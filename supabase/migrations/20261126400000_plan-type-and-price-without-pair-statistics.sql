/**
 * ---------------------------------------------------------------------------
 * Type and price planned without a list of their common pairs
 * ---------------------------------------------------------------------------
 * 20261126210000 gave the planner the 1,000 most common (type, price) pairs,
 * so that count_listings, which reads a common word's eighth first from an
 * expected number of matches, would expect enough of a word with a rent's
 * price. The planner reads that list for every statement with a type and a
 * price, testing each clause against each of the 1,000 pairs: at a million
 * listings planning `type = 'rent' and effective_price <= 2000` took
 * 0.9-1.0 ms with it and 0.1-0.15 ms without, and such a search plans it
 * two or three times per visit (its page, the count's estimate and the
 * count). Through the stack, the search for rent at £800-2,500 with every
 * filter spent 6.2-7.0 ms of database CPU per page and count with the list,
 * 4.5-4.6 ms without.
 *
 * The estimate it served no longer decides anything: count_listings reads
 * the eighth first with a price from 4,000 expected matches (20261126310000),
 * and the eighth, holding about an eighth of the homes with no leaving
 * date, can reach 1,001 only for searches matching some 8,000 homes, which
 * the planner, taking type and price as independent, expects at 5,000 or
 * more (`london` for rent up to £2,000: 6,075 expected without the list,
 * 9,613 with it, 17,000 true). Pages choose the same indexes either way.
 */

drop statistics if exists public.listings_type_price_stats;
