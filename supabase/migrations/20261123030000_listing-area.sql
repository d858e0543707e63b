/**
 * ---------------------------------------------------------------------------
 * Listing area
 * ---------------------------------------------------------------------------
 * The search map asks for the homes inside the visible bounds:
 *
 *   longitude between west and east and latitude between south and north
 *
 * A GiST index over both coordinates (btree_gist's float8 operator class)
 * answers that box from either side, like an R-tree: a narrow strip of
 * longitude does not have to read every latitude, as a btree on
 * (longitude, latitude) would. Hosted Supabase keeps extensions in the
 * `extensions` schema, so the operator class is named with it.
 *
 * Reads stay under the table's row-level security; nothing else changes.
 */

create extension if not exists btree_gist with schema extensions;

create index listings_area_idx on public.listings
  using gist (longitude extensions.gist_float8_ops, latitude extensions.gist_float8_ops);
