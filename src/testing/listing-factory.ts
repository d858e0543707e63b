import type { Listing } from '../types/listing'

/**
 * A valid listing for unit tests: `n` makes the id, and higher `n` is older (created a second
 * earlier each), so lists of them sort newest first by n.
 */
export function aListing(n: number, extra: Partial<Listing> = {}): Listing {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'rent',
    name: `Listing ${n}`,
    bedrooms: 1,
    bathrooms: 1,
    parking: false,
    furnished: false,
    location: 'London',
    offer: false,
    regularPrice: 1000,
    discountedPrice: null,
    imageUrls: [],
    geolocation: { lat: 51.5, lng: -0.1 },
    createdAt: `2026-01-01T00:00:${String(59 - n).padStart(2, '0')}.000000+00:00`,
    updatedAt: '2026-01-01T00:00:00.000000+00:00',
    userRef: 'owner',
    ...extra,
  }
}

/** A row of public.listings as the API sends it, for tests of what reads and parses those rows. */
export function aListingRow(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '5eed0000-0000-4000-8000-000000000001',
    type: 'rent',
    name: 'Flat',
    bedrooms: 1,
    bathrooms: 1,
    parking: false,
    furnished: false,
    location: 'London',
    description: null,
    offer: false,
    regular_price: 1000,
    discounted_price: null,
    image_urls: [],
    latitude: 51.5,
    longitude: -0.1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    user_ref: '33333333-3333-4333-8333-333333333333',
    status: 'available',
    status_changed_at: '2026-01-01T00:00:00Z',
    off_market_at: null,
    price_reduced_at: null,
    price_reduced_by: null,
    version: 1,
    place_ids: [],
    // No property fact given, as a listing published before them.
    property_type: null,
    floor_area_m2: null,
    epc_rating: null,
    epc_exempt_reason: null,
    council_tax_band: null,
    rates_per_year: null,
    tenure: null,
    lease_years_left: null,
    ground_rent_per_year: null,
    service_charge_per_year: null,
    deposit: null,
    available_now: null,
    available_from: null,
    min_tenancy_months: null,
    bills_included: null,
    pets_considered: null,
    ...extra,
  }
}
