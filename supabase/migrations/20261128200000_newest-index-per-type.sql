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

create index listings_rent_newest_idx on public.listings (created_at desc, id desc) where type = 'rent';
create index listings_sale_newest_idx on public.listings (created_at desc, id desc) where type = 'sale';
drop index public.listings_type_newest_idx;
