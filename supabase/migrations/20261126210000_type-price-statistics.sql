/**
 * ---------------------------------------------------------------------------
 * What the planner knows of type and price together
 * ---------------------------------------------------------------------------
 * Rents are monthly and sales are whole prices, so a price range all but
 * names a type: at a million listings 17% are rents of £2,000 or less, where
 * the planner, taking type and price as independent, expected 8.5%. With
 * that, `london` for rent up to £2,000 was expected to match 6,028 homes
 * (there are 17,000), under the 8,000 at which count_listings counts an
 * eighth first, and its count took 70-110 ms instead of 30-40.
 *
 * A list of the most common (type, price) pairs fixes it: rents take a few
 * thousand prices, each shared by many homes, and the list holds them; a
 * sale's price is seldom shared, and sales are estimated as before. A target
 * of 1,000 makes ANALYZE sample 300,000 rows (about 15 s at a million).
 */

create statistics public.listings_type_price_stats (mcv) on type, effective_price from public.listings;

alter statistics public.listings_type_price_stats set statistics 1000;

analyze public.listings;
