import { type HomeSearch, parseBbox, type SearchSort, sortOf } from '../types/home-search'
import type { Listing } from '../types/listing'
import { readArea } from './area'
import { areaBox, pointInArea } from './area-match'
import { askingPrice } from './format-price'
import { keywordTokens, matchesKeywords, searchTokens } from './keywords'
import { isOnMarket } from './on-market'
import { epcRatingsFrom, propertyTypesOf } from './search-facts'

/** A place's centre, from which a radius is measured (public.places latitude and longitude). */
export type PlaceCentre = { lat: number; lng: number }

const EARTH_MILES = 3958.8
const RADIANS = Math.PI / 180

/**
 * Great-circle miles between two positions: public.miles_between, in the same order of operations (haversine
 * on a sphere of 3,958.8 miles), so a home on the edge of a radius is in it or not on both sides alike.
 */
export function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const sinLat = Math.sin(((lat2 - lat1) * RADIANS) / 2)
  const sinLng = Math.sin(((lng2 - lng1) * RADIANS) / 2)
  return (
    2 *
    EARTH_MILES *
    Math.asin(
      Math.sqrt(sinLat * sinLat + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * (sinLng * sinLng)),
    )
  )
}

/**
 * The same rules the database applies (public.home_search_where), for the listings kept on this device: every
 * filter, the place (the listing's placeIds) or the radius around its centre (`centre`, the place's position:
 * without it, a search with a radius finds nothing), the keywords (each search token starting a token of the
 * location, name and description), the drawn area (PostgreSQL's point <@ polygon, pointInArea) and the
 * property facts (matchesFacts).
 */
export function matchesSearch(listing: Listing, search: HomeSearch, centre?: PlaceCentre | null): boolean {
  const price = askingPrice(listing)
  if (search.type && listing.type !== search.type) return false
  if (search.minPrice !== undefined && price < search.minPrice) return false
  if (search.maxPrice !== undefined && price > search.maxPrice) return false
  if (search.minBeds !== undefined && listing.bedrooms < search.minBeds) return false
  if (search.minBaths !== undefined && listing.bathrooms < search.minBaths) return false
  if (search.parking && !listing.parking) return false
  if (search.furnished && !listing.furnished) return false
  if (search.offer && !listing.offer) return false
  if (search.underOffer === false && (listing.status ?? 'available') !== 'available') return false
  if (!matchesFacts(listing, search)) return false
  if (!inBbox(listing, search.bbox)) return false
  const at = listing.geolocation
  if (search.place !== undefined && !search.radius && !(listing.placeIds ?? []).includes(search.place))
    return false
  if (search.place !== undefined && search.radius) {
    if (!centre || milesBetween(centre.lat, centre.lng, at.lat, at.lng) > Number(search.radius)) return false
  }
  const tokens = searchTokens(search.keywords)
  if (
    tokens.length > 0 &&
    !matchesKeywords(
      keywordTokens(`${listing.location} ${listing.name} ${listing.description ?? ''}`),
      tokens,
    )
  )
    return false
  if (search.area) {
    const area = readArea(search.area)
    if (!('points' in area)) return false
    const [west, south, east, north] = areaBox(area.points)
    if (at.lng < west || at.lng > east || at.lat < south || at.lat > north) return false
    if (!pointInArea(area.points, at)) return false
  }
  return true
}

/**
 * The property facts' filters: one of the types, at least the floor area, an EPC of the letter or better (an
 * exempt home has no letter), and for rent pets considered, bills included, available now or from the date or
 * before. A fact the listing does not give never matches its filter.
 */
function matchesFacts(listing: Listing, search: HomeSearch): boolean {
  const types = propertyTypesOf(search)
  if (types.length > 0 && !types.some((type) => type === listing.propertyType)) return false
  if (search.minArea !== undefined && !((listing.floorAreaM2 ?? 0) >= search.minArea)) return false
  if (search.epc && !epcRatingsFrom(search.epc).some((letter) => letter === listing.epcRating)) return false
  if (search.pets && listing.petsConsidered !== true) return false
  if (search.bills && listing.billsIncluded !== true) return false
  if (
    search.availableBy &&
    listing.availableNow !== true &&
    !(listing.availableFrom && listing.availableFrom <= search.availableBy)
  )
    return false
  return true
}

function inBbox(listing: Listing, bboxText: string | undefined): boolean {
  const bbox = bboxText ? parseBbox(bboxText) : null
  if (!bbox) return true
  const at = listing.geolocation
  const [west, south, east, north] = bbox
  return at.lng >= west && at.lng <= east && at.lat >= south && at.lat <= north
}

const byId = (a: Listing, b: Listing) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The database's order for a sort (search-query.ts searchOrder): the key, then id in the same direction. */
export function compareListings(sort: SearchSort): (a: Listing, b: Listing) => number {
  switch (sort) {
    case 'price-asc':
      return (a, b) => askingPrice(a) - askingPrice(b) || byId(a, b)
    case 'price-desc':
      return (a, b) => askingPrice(b) - askingPrice(a) || byId(b, a)
    case 'reduced':
      // price_reduced_at desc nulls last, then id desc.
      return (a, b) => {
        const at = a.priceReducedAt ?? null
        const bt = b.priceReducedAt ?? null
        if (at === bt) return byId(b, a)
        if (at === null) return 1
        if (bt === null) return -1
        return at < bt ? 1 : -1
      }
    default:
      return (a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : byId(b, a))
  }
}

/** The listings on the market that match a search, in its order (`centre`: the place's, for a radius). */
export function searchListings<T extends Listing>(
  listings: T[],
  search: HomeSearch,
  centre: PlaceCentre | null = null,
  now = Date.now(),
): T[] {
  return listings
    .filter((listing) => isOnMarket(listing, now) && matchesSearch(listing, search, centre))
    .sort(compareListings(sortOf(search)))
}
