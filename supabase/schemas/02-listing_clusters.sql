/**
 * ---------------------------------------------------------------------------
 * listing_clusters: homes per grid cell, type, offer and leaving day
 * ---------------------------------------------------------------------------
 * Cells are squares of `cell` degrees (1, 1/4, 1/16 and 1/64: about 110 km
 * down to 1.7 km of latitude), numbered floor(longitude / cell) and
 * floor(latitude / cell). Each row holds how many homes lie in the cell and
 * the sums of their latitudes and longitudes, so a cluster is drawn at the
 * centre of its homes rather than of its square.
 *
 * `leaves_on` is the UTC day the homes leave the market (off_market_at's
 * day; 'infinity' while available or under offer). A home leaves the market
 * by the clock, with no write to fire a trigger, so the rows keep every
 * listing and map_clusters reads only the days after today, and today's
 * leavers (a few) from the listings themselves. Rows of past days stay as
 * they are (their homes left), as does a cell whose homes all left: a busy
 * cell is not deleted and recreated.
 *
 * The table counts every listing, held ones too (map_clusters takes those
 * off), so nobody but its trigger and map_clusters reads or writes it.
 */

create table public.listing_clusters (
  cell double precision not null,
  cell_x integer not null,
  cell_y integer not null,
  type text not null,
  offer boolean not null,
  leaves_on date not null,
  homes integer not null,
  latitude_sum double precision not null,
  longitude_sum double precision not null,
  constraint listing_clusters_pkey PRIMARY KEY (cell, cell_x, cell_y, type, offer, leaves_on)
);

comment on table public.listing_clusters is 'Listings per map grid cell (of `cell` degrees), type, offer and leaving day; kept by triggers on public.listings, read through map_clusters.';

-- No API role reads or writes this table directly.
revoke all on table public.listing_clusters from anon, authenticated, service_role;

alter table public.listing_clusters enable row level security;
