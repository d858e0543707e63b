import { type DemoListing, demoListings } from './demo-listings'
import type { DemoPropertyFacts } from './demo-property-facts'

const text = (value: string | null) => (value === null ? 'null' : `'${value.replaceAll("'", "''")}'`)
const plain = (value: number | boolean | null) => (value === null ? 'null' : String(value))

/** The property facts' columns of the seed's values, each with its type (cast on the first row) and value. */
const FACT_COLUMNS: readonly [string, string, (facts: DemoPropertyFacts) => string][] = [
  ['property_type', 'text', (f) => text(f.propertyType)],
  ['floor_area_m2', 'numeric', (f) => plain(f.floorAreaM2)],
  ['epc_rating', 'text', (f) => text(f.epcRating)],
  ['epc_exempt_reason', 'text', (f) => text(f.epcExemptReason)],
  ['council_tax_band', 'text', (f) => text(f.councilTaxBand)],
  ['rates_per_year', 'integer', (f) => plain(f.ratesPerYear)],
  ['tenure', 'text', (f) => text(f.tenure)],
  ['lease_years_left', 'integer', (f) => plain(f.leaseYearsLeft)],
  ['ground_rent_per_year', 'integer', (f) => plain(f.groundRentPerYear)],
  ['service_charge_per_year', 'integer', (f) => plain(f.serviceChargePerYear)],
  ['deposit', 'integer', (f) => plain(f.deposit)],
  ['available_now', 'boolean', (f) => plain(f.availableNow)],
  ['available_in_days', 'integer', (f) => plain(f.availableInDays)],
  ['min_tenancy_months', 'integer', (f) => plain(f.minTenancyMonths)],
  ['bills_included', 'boolean', (f) => plain(f.billsIncluded)],
  ['pets_considered', 'boolean', (f) => plain(f.petsConsidered)],
]

/**
 * Writes supabase/seed.sql: the demo accounts, then the demo listings of demo-listings.ts as one
 * insert. `npm run seed:write` regenerates the file; a unit test keeps the two in step.
 */

const ACCOUNTS = `/**
 * ---------------------------------------------------------------------------
 * Seed: demo accounts and listings
 * ---------------------------------------------------------------------------
 * Loaded once after the migrations (\`supabase db reset\`, or the local stack's
 * first start). Everything is deterministic so tests and screenshots can rely
 * on it. The accounts match packages/local-supabase/src/seed/demo-accounts.ts.
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
`

const LISTINGS_HEADER = `/**
 * ---------------------------------------------------------------------------
 * Listings
 * ---------------------------------------------------------------------------
 * Homes across the UK, written by packages/local-supabase/src/seed/demo-listings.ts
 * (npm run seed:write) from a seeded random stream, so they are the same on
 * every run. Listing n has the id 5eed0000-0000-4000-8000-<n, 12 digits>,
 * which the local stack uses to find the seed's images. created_at steps back
 * from the seed time, so newest-first order is fixed (listing 1 first): a few
 * today, a few yesterday, most over the last ten weeks, some last year.
 * Image n of a listing is stored at
 * listing-images/<owner id>/<listing id>/<n>.jpg; the URLs name the local
 * API's default address (the local stack rewrites them when its port differs,
 * and uploads the images through its Storage API). A hosted project would
 * upload the images and rewrite these URLs to its own storage URL. Most
 * homes have their property facts, some only a few, the oldest none;
 * available_from counts days from the day the seed is loaded (in the UK).
 */

with seed (n, owner, type, name, bedrooms, bathrooms, parking, furnished, location, regular_price, discounted_price, latitude, longitude, images, minutes_ago, description, ${FACT_COLUMNS.map(([column]) => column).join(', ')}) as (
  values
`

const LISTINGS_FOOTER = `
)
insert into public.listings (
  id, user_ref, type, name, bedrooms, bathrooms, parking, furnished, location, offer,
  regular_price, discounted_price, image_urls, latitude, longitude, created_at, description,
  property_type, floor_area_m2, epc_rating, epc_exempt_reason, council_tax_band, rates_per_year, tenure,
  lease_years_left, ground_rent_per_year, service_charge_per_year, deposit, available_now, available_from,
  min_tenancy_months, bills_included, pets_considered
)
select
  listing.id, seed.owner, seed.type, seed.name, seed.bedrooms, seed.bathrooms, seed.parking, seed.furnished,
  seed.location, seed.discounted_price is not null, seed.regular_price, seed.discounted_price,
  array(
    select format(
      'http://127.0.0.1:54321/storage/v1/object/public/listing-images/%s/%s/%s.jpg', seed.owner, listing.id, image
    )
    from generate_series(1, seed.images) as image
  ),
  seed.latitude, seed.longitude,
  now() - make_interval(mins => seed.minutes_ago),
  seed.description,
  seed.property_type, seed.floor_area_m2, seed.epc_rating, seed.epc_exempt_reason, seed.council_tax_band,
  seed.rates_per_year, seed.tenure, seed.lease_years_left, seed.ground_rent_per_year,
  seed.service_charge_per_year, seed.deposit, seed.available_now,
  (now() at time zone 'Europe/London')::date + seed.available_in_days,
  seed.min_tenancy_months, seed.bills_included, seed.pets_considered
from seed
cross join lateral (
  select format('5eed0000-0000-4000-8000-%s', lpad(seed.n::text, 12, '0'))::uuid as id
) as listing;
`

function row(listing: DemoListing, first: boolean): string {
  const cast = (type: string) => (first ? `::${type}` : '')
  const values = [
    String(listing.n),
    `'${listing.owner}'${cast('uuid')}`,
    `'${listing.type}'`,
    text(listing.name),
    String(listing.bedrooms),
    String(listing.bathrooms),
    String(listing.parking),
    String(listing.furnished),
    text(listing.location),
    String(listing.regularPrice),
    `${listing.discountedPrice ?? 'null'}${cast('integer')}`,
    listing.latitude.toFixed(4),
    listing.longitude.toFixed(4),
    String(listing.images),
    String(listing.minutesAgo),
    `${text(listing.description)}${cast('text')}`,
    ...FACT_COLUMNS.map(([, type, value]) => `${value(listing.facts)}${cast(type)}`),
  ]
  return `    (${values.join(', ')})`
}

/** The whole of supabase/seed.sql. */
export function seedSql(listings: DemoListing[] = demoListings()): string {
  const rows = listings.map((listing, i) => row(listing, i === 0)).join(',\n')
  return `${ACCOUNTS}\n${LISTINGS_HEADER}${rows}${LISTINGS_FOOTER}`
}
