/**
 * ---------------------------------------------------------------------------
 * Seed: demo accounts and listings
 * ---------------------------------------------------------------------------
 * Loaded once after the migrations (`supabase db reset`, or the local stack's
 * first start). Everything is deterministic so tests and screenshots can rely
 * on it. The accounts match supabase/local/src/seed/demo-accounts.ts.
 */

/**
 * ---------------------------------------------------------------------------
 * Demo accounts (password: roost-demo)
 * ---------------------------------------------------------------------------
 * Written the way Supabase Auth writes them: the nil instance id, bcrypt
 * password, confirmed email, and '' rather than null in the token columns
 * (hosted Auth fails logins on nulls there). The profile rows come from the
 * on_auth_user_created trigger.
 */

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000', account.id, 'authenticated', 'authenticated', account.email,
  extensions.crypt('roost-demo', extensions.gen_salt('bf', 10)), now(),
  '{"provider": "email", "providers": ["email"]}', jsonb_build_object('name', account.name), now(), now(),
  '', '', '', ''
from (
  values
    ('11111111-1111-4111-8111-111111111111'::uuid, 'Alice Morgan', 'alice@example.com'),
    ('22222222-2222-4222-8222-222222222222'::uuid, 'Ben Carter', 'ben@example.com'),
    ('33333333-3333-4333-8333-333333333333'::uuid, 'Chloe Davies', 'chloe@example.com')
) as account (id, name, email);

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select
  u.id, u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from auth.users as u
where u.email in ('alice@example.com', 'ben@example.com', 'chloe@example.com');

/**
 * ---------------------------------------------------------------------------
 * Listings
 * ---------------------------------------------------------------------------
 * 44 homes across the UK; listing n has the id 5eed0000-0000-4000-8000-<n, 12
 * digits>, which the local stack uses to find the seed's images. created_at
 * steps back from the seed time, so newest-first order is fixed (listing 1
 * first). Image n of a listing is stored at
 * listing-images/<owner id>/<listing id>/<n>.jpg; the URLs name the local
 * API's default address (the local stack rewrites them when its port differs,
 * and uploads the images through its Storage API). A hosted project would
 * upload the images and rewrite these URLs to its own storage URL.
 */

with owner (alias, id) as (
  values
    ('alice', '11111111-1111-4111-8111-111111111111'::uuid),
    ('ben', '22222222-2222-4222-8222-222222222222'::uuid),
    ('chloe', '33333333-3333-4333-8333-333333333333'::uuid)
),
seed (n, owner, type, name, bedrooms, bathrooms, parking, furnished, location, regular_price, discounted_price, latitude, longitude, images, hours_ago) as (
  values
    ( 1, 'alice', 'rent', 'Canal-side flat in Hackney',      1, 1, false, true,  'Andrews Road, Hackney, London E8',              1850,    null::integer, 51.5362, -0.0590, 4,   2),
    ( 2, 'alice', 'sale', 'Victorian terrace in Islington',  3, 2, false, false, 'Cloudesley Road, Islington, London N1',       1250000, 1195000,        51.5385, -0.1087, 6,  15),
    ( 3, 'ben',   'rent', 'Studio near Camden Market',       1, 1, false, true,  'Jamestown Road, Camden Town, London NW1',     1400,    null,           51.5405, -0.1443, 2,  31),
    ( 4, 'alice', 'sale', 'Family home in Greenwich',        4, 2, true,  false, 'Crooms Hill, Greenwich, London SE10',         985000,  null,           51.4769, -0.0005, 5,  44),
    ( 5, 'chloe', 'rent', 'Riverside loft in Wandsworth',    2, 2, false, true,  'Point Pleasant, Wandsworth, London SW18',     2650,    2450,           51.4607, -0.1955, 3,  58),
    ( 6, 'alice', 'rent', 'Garden flat in Brixton',          2, 1, false, false, 'Josephine Avenue, Brixton, London SW2',       2100,    null,           51.4567, -0.1166, 3,  73),
    ( 7, 'ben',   'sale', 'Mews house in Kensington',        3, 3, true,  true,  'Adam and Eve Mews, Kensington, London W8',    2750000, 2595000,        51.4998, -0.1944, 6,  90),
    ( 8, 'alice', 'rent', 'Northern Quarter apartment',      1, 1, false, true,  'Thomas Street, Northern Quarter, Manchester M4', 1150,  null,           53.4845, -2.2361, 2, 104),
    ( 9, 'alice', 'sale', 'Red-brick semi in Didsbury',      3, 1, true,  false, 'Fog Lane, Didsbury, Manchester M20',          425000,  null,           53.4250, -2.2290, 4, 121),
    (10, 'chloe', 'rent', 'Ancoats warehouse loft',          2, 2, false, true,  'Blossom Street, Ancoats, Manchester M4',      1450,    1350,           53.4846, -2.2275, 3, 139),
    (11, 'ben',   'sale', 'Georgian townhouse in Clifton',   4, 3, false, false, 'Royal York Crescent, Clifton, Bristol BS8',   875000,  null,           51.4519, -2.6201, 5, 152),
    (12, 'alice', 'rent', 'Harbourside flat in Bristol',     2, 1, false, true,  'Canons Way, Harbourside, Bristol BS1',        1600,    null,           51.4496, -2.5990, 2, 170),
    (13, 'alice', 'sale', 'New Town flat in Edinburgh',      2, 1, false, false, 'Dundas Street, New Town, Edinburgh EH3',      395000,  379000,         55.9573, -3.2010, 4, 187),
    (14, 'ben',   'rent', 'Leith shore apartment',           1, 1, false, true,  'The Shore, Leith, Edinburgh EH6',             1050,    null,           55.9766, -3.1705, 1, 203),
    (15, 'chloe', 'sale', 'Cottage near Arthur''s Seat',     2, 1, false, false, 'Old Church Lane, Duddingston, Edinburgh EH15', 465000, null,           55.9415, -3.1470, 3, 222),
    (16, 'alice', 'rent', 'Cardiff Bay waterside flat',      2, 2, true,  true,  'Mermaid Quay, Cardiff Bay, Cardiff CF10',     1250,    1150,           51.4635, -3.1637, 3, 236),
    (17, 'ben',   'sale', 'Pontcanna period terrace',        3, 1, false, false, 'Severn Grove, Pontcanna, Cardiff CF11',       349000,  null,           51.4886, -3.1997, 4, 255),
    (18, 'alice', 'sale', 'Lakeland cottage in Keswick',     2, 1, true,  false, 'Borrowdale Road, Keswick CA12',               325000,  null,           54.5972, -3.1361, 5, 270),
    (19, 'chloe', 'rent', 'Fell-view flat in Keswick',       1, 1, false, true,  'Station Street, Keswick CA12',                850,     null,           54.6010, -3.1335, 2, 288),
    (20, 'alice', 'sale', 'Royal Crescent apartment',        2, 2, false, true,  'Royal Crescent, Bath BA1',                    1150000, 1095000,        51.3871, -2.3676, 6, 305),
    (21, 'ben',   'rent', 'Bath city centre studio',         1, 1, false, true,  'Milsom Street, Bath BA1',                     975,     null,           51.3838, -2.3612, 1, 319),
    (22, 'alice', 'sale', 'Terrace inside York walls',       3, 2, false, false, 'Gillygate, York YO31',                        410000,  null,           53.9641, -1.0848, 4, 337),
    (23, 'alice', 'rent', 'Bootham flat near Minster',       2, 1, false, false, 'Bootham, York YO30',                          1195,    null,           53.9648, -1.0895, 2, 354),
    (24, 'chloe', 'sale', 'Seafront flat in Brighton',       2, 1, false, false, 'Kings Road, Brighton BN1',                    450000,  425000,         50.8214, -0.1493, 4, 371),
    (25, 'alice', 'rent', 'Kemp Town regency flat',          1, 1, false, true,  'Sussex Square, Kemp Town, Brighton BN2',      1300,    null,           50.8176, -0.1123, 3, 388),
    (26, 'ben',   'sale', 'Headingley student house',        5, 2, false, false, 'Cardigan Road, Headingley, Leeds LS6',        295000,  null,           53.8198, -1.5762, 3, 404),
    (27, 'alice', 'rent', 'Leeds Dock apartment',            2, 2, true,  true,  'Armouries Drive, Leeds Dock, Leeds LS10',     1195,    null,           53.7918, -1.5322, 2, 421),
    (28, 'chloe', 'rent', 'West End tenement flat',          2, 1, false, false, 'Great George Street, Hillhead, Glasgow G12',  1100,    995,            55.8745, -4.2892, 3, 439),
    (29, 'alice', 'sale', 'Merchant City penthouse',         3, 2, true,  true,  'Candleriggs, Merchant City, Glasgow G1',      540000,  null,           55.8588, -4.2436, 5, 455),
    (30, 'ben',   'rent', 'Jericho cottage in Oxford',       2, 1, false, true,  'Walton Street, Jericho, Oxford OX2',          2150,    null,           51.7597, -1.2660, 2, 472),
    (31, 'alice', 'sale', 'Summertown family home',          5, 3, true,  false, 'Lonsdale Road, Summertown, Oxford OX2',       1450000, null,           51.7779, -1.2659, 6, 490),
    (32, 'alice', 'rent', 'Mill Road flat in Cambridge',     1, 1, false, false, 'Mill Road, Cambridge CB1',                    1350,    null,           52.1982,  0.1407, 1, 506),
    (33, 'ben',   'sale', 'Newnham Edwardian villa',         5, 3, true,  false, 'Grange Road, Newnham, Cambridge CB3',         1850000, 1795000,        52.2018,  0.1041, 5, 523),
    (34, 'alice', 'sale', 'Golden Triangle terrace',         3, 1, false, false, 'Trinity Street, Norwich NR2',                 315000,  null,           52.6251,  1.2775, 3, 541),
    (35, 'chloe', 'rent', 'Tombland flat by the cathedral',  1, 1, false, true,  'Tombland, Norwich NR3',                       895,     null,           52.6315,  1.2990, 2, 557),
    (36, 'alice', 'sale', 'Riverside villa in Inverness',    4, 2, true,  false, 'Ness Bank, Inverness IV2',                    385000,  365000,         57.4735, -4.2275, 4, 574),
    (37, 'ben',   'rent', 'Crown area flat in Inverness',    2, 1, false, false, 'Crown Street, Inverness IV2',                 925,     null,           57.4778, -4.2180, 2, 590),
    (38, 'alice', 'rent', 'Queen''s Quarter apartment',      2, 1, false, true,  'Botanic Avenue, Belfast BT7',                 1050,    null,           54.5860, -5.9335, 3, 607),
    (39, 'alice', 'sale', 'Cathedral Quarter loft',          1, 1, false, false, 'Hill Street, Cathedral Quarter, Belfast BT1', 189000,  null,           54.6020, -5.9266, 2, 625),
    (40, 'chloe', 'sale', 'Two-up two-down in Burnley',      2, 1, false, false, 'Colne Road, Burnley BB10',                    95000,   null,           53.8000, -2.2330, 1, 641),
    (41, 'ben',   'rent', 'Shoreditch warehouse flat',       2, 2, false, true,  'Charlotte Road, Shoreditch, London EC2A',     3400,    3150,           51.5257, -0.0800, 4, 658),
    (42, 'alice', 'rent', 'Primrose Hill family house',      4, 3, false, true,  'Chalcot Crescent, Primrose Hill, London NW1', 4500,    null,           51.5400, -0.1562, 5, 676),
    (43, 'alice', 'sale', 'Peckham two-bed conversion',      2, 1, false, false, 'Bellenden Road, Peckham, London SE15',        525000,  null,           51.4686, -0.0707, 3, 692),
    (44, 'alice', 'rent', 'Canary Wharf one-bed',            1, 1, true,  true,  'Westferry Circus, Canary Wharf, London E14',  2300,    2150,           51.5055, -0.0273, 2, 710)
)
insert into public.listings (
  id, user_ref, type, name, bedrooms, bathrooms, parking, furnished, location, offer,
  regular_price, discounted_price, image_urls, latitude, longitude, created_at
)
select
  listing.id, owner.id, seed.type, seed.name, seed.bedrooms, seed.bathrooms, seed.parking, seed.furnished,
  seed.location, seed.discounted_price is not null, seed.regular_price, seed.discounted_price,
  array(
    select format(
      'http://127.0.0.1:54321/storage/v1/object/public/listing-images/%s/%s/%s.jpg', owner.id, listing.id, image
    )
    from generate_series(1, seed.images) as image
  ),
  seed.latitude, seed.longitude,
  now() - make_interval(hours => seed.hours_ago)
from seed
join owner on owner.alias = seed.owner
cross join lateral (
  select format('5eed0000-0000-4000-8000-%s', lpad(seed.n::text, 12, '0'))::uuid as id
) as listing;
