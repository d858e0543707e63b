/**
 * ---------------------------------------------------------------------------
 * The listings held for review: a size the planner knows
 * ---------------------------------------------------------------------------
 * market_listings leaves out the listings held for review (an anti-join with
 * listing_review_holds), so every search and count joins that table. It is
 * all but empty, and autovacuum analyzes a table only after 50 changes: until
 * then Postgres, never told its size, plans it as ten pages of rows, 1,200.
 *
 * Taking 1,200 holds for real, the planner builds a count's hash on the
 * listings side: a capped count reads every listing that matches before
 * joining, not the first 1,001. At a million listings `london` for rent up
 * to £2,000 read 1,474 homes from the table for its 1,001, and `flat` for
 * rent up to £1,500 took 132 ms (median of 7, as anon); with the table
 * analyzed the count stops at the cap: 86 ms, `york` for rent up to £2,000
 * 38 -> 26 ms, `garden` 22 -> 16 ms. Analyzing it once here tells the planner
 * it is empty (or how full it is); autovacuum keeps that true as it grows.
 */

analyze public.listing_review_holds;
