/**
 * The property facts of the demo listings (issue 55), drawn from a random stream of their own so that adding
 * them left every other demo value as it was. Most homes have every fact; the oldest (listed before the facts
 * were asked for) and a few others have none or only some; a few are EPC-exempt listed buildings. Values are
 * as a UK portal shows them: floor areas that fit the rooms, EPCs mostly C and D, council tax bands by price
 * (A–I in Wales, rates in Northern Ireland), leasehold flats with their lease, ground rent and service charge,
 * deposits of 4 or 5 weeks' rent (within the Tenant Fees Act cap), availability now or within two months.
 */

export type DemoPropertyFacts = {
  propertyType: string | null
  floorAreaM2: number | null
  epcRating: string | null
  epcExemptReason: string | null
  councilTaxBand: string | null
  ratesPerYear: number | null
  tenure: string | null
  leaseYearsLeft: number | null
  groundRentPerYear: number | null
  serviceChargePerYear: number | null
  deposit: number | null
  availableNow: boolean | null
  /** available_from is the day the seed is loaded (UK) plus this many days. */
  availableInDays: number | null
  minTenancyMonths: number | null
  billsIncluded: boolean | null
  petsConsidered: boolean | null
}

export const NO_PROPERTY_FACTS: DemoPropertyFacts = {
  propertyType: null,
  floorAreaM2: null,
  epcRating: null,
  epcExemptReason: null,
  councilTaxBand: null,
  ratesPerYear: null,
  tenure: null,
  leaseYearsLeft: null,
  groundRentPerYear: null,
  serviceChargePerYear: null,
  deposit: null,
  availableNow: null,
  availableInDays: null,
  minTenancyMonths: null,
  billsIncluded: null,
  petsConsidered: null,
}

export type Nation = 'england' | 'scotland' | 'wales' | 'northern_ireland'

type Random = () => number
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
const chance = (random: Random, share: number) => random() < share
const between = (random: Random, low: number, high: number) => low + random() * (high - low)
const whole = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1))

/** The property type of a listing named with `kind` (demo-listings' words for the home). */
function propertyTypeOf(kind: string, random: Random): string {
  switch (kind) {
    case 'flat':
    case 'apartment':
      return 'flat'
    case 'studio flat':
      return 'studio'
    case 'maisonette':
    case 'cottage':
    case 'bungalow':
      return kind
    case 'terrace':
    case 'townhouse':
    case 'mews house':
    case 'Victorian house':
      return 'terraced'
    case 'semi':
      return 'semi_detached'
    case 'family home':
      return pick(random, ['semi_detached', 'detached'])
    case 'farmhouse':
      return 'other'
    default:
      return 'detached'
  }
}

const FLATS = new Set(['flat', 'studio', 'maisonette'])
const EPC_EXEMPT_REASONS = ['Listed building', 'Grade II listed building'] as const

/**
 * The facts of one demo home. `price` is what a person pays (a month for rent); `priceLevel` is its price
 * against a typical two-bedroom home in its town (about 0.5 to 3.5), which sets the council tax band.
 */
export function demoPropertyFacts(
  random: Random,
  home: {
    type: 'rent' | 'sale'
    kind: string
    bedrooms: number
    price: number
    priceLevel: number
    nation: Nation
    furnished: boolean
  },
): DemoPropertyFacts {
  const propertyType = propertyTypeOf(home.kind, random)
  const flat = FLATS.has(propertyType)
  const floorAreaM2 =
    propertyType === 'studio'
      ? whole(random, 26, 38)
      : Math.round((18 + home.bedrooms * between(random, 19, 27) + (flat ? 0 : 12)) * 2) / 2

  const exempt = chance(random, 0.035)
  const epcRating = exempt
    ? 'exempt'
    : pick(random, [
        'B',
        'C',
        'C',
        'C',
        'C',
        'D',
        'D',
        'D',
        'D',
        'E',
        'E',
        'F',
        ...(flat ? ['B', 'C'] : ['D']),
      ])

  const letters = home.nation === 'wales' ? 'ABCDEFGHI' : 'ABCDEFGH'
  const bandAt = Math.min(
    letters.length - 1,
    Math.max(0, Math.round(home.priceLevel * 1.6 + home.bedrooms * 0.5 - 1 + between(random, -1, 1))),
  )
  const rates = home.nation === 'northern_ireland'
  const councilTaxBand = rates ? 'rates' : chance(random, 0.03) ? 'not_banded' : (letters[bandAt] as string)
  const ratesPerYear = rates ? Math.round((700 + home.priceLevel * 450 + home.bedrooms * 90) / 5) * 5 : null

  const facts: DemoPropertyFacts = {
    ...NO_PROPERTY_FACTS,
    propertyType,
    floorAreaM2,
    epcRating,
    epcExemptReason: exempt ? pick(random, EPC_EXEMPT_REASONS) : null,
    councilTaxBand,
    ratesPerYear,
  }

  if (home.type === 'sale') {
    // Scotland has no leasehold homes to speak of; elsewhere nearly every flat is leasehold, few houses are.
    const tenure =
      home.nation === 'scotland'
        ? 'freehold'
        : flat
          ? pick(random, [
              'leasehold',
              'leasehold',
              'leasehold',
              'leasehold',
              'share_of_freehold',
              'commonhold',
            ])
          : chance(random, 0.08)
            ? 'leasehold'
            : 'freehold'
    const lease =
      tenure === 'leasehold'
        ? {
            // New builds often come with 999-year leases; older flats with what is left of 99 or 125.
            leaseYearsLeft: chance(random, 0.2) ? whole(random, 985, 998) : whole(random, 72, 142),
            groundRentPerYear: pick(random, [0, 0, 10, 50, 100, 150, 250, 300]),
            serviceChargePerYear: flat
              ? Math.round(between(random, 900, 3800) / 10) * 10
              : whole(random, 15, 40) * 10,
          }
        : {}
    return { ...facts, tenure, ...lease }
  }

  const weeks = chance(random, 0.75) ? 5 : 4
  const now = chance(random, 0.4)
  return {
    ...facts,
    // 4 or 5 weeks' rent, never over the cap (5 weeks below £50,000 a year, 6 above).
    deposit: Math.floor((home.price * 12 * weeks) / 52),
    availableNow: now,
    availableInDays: now ? null : whole(random, 3, 60),
    minTenancyMonths: pick(random, [6, 6, 12, 12, 12, 12, 12, 24]),
    billsIncluded: chance(random, propertyType === 'studio' ? 0.5 : 0.08),
    petsConsidered: chance(random, home.furnished ? 0.2 : 0.4),
  }
}

/** Leaves out some facts at random (a landlord who filled in part of the form): at least one, at most half. */
export function withSomeMissing(random: Random, facts: DemoPropertyFacts): DemoPropertyFacts {
  const given = (Object.keys(facts) as (keyof DemoPropertyFacts)[]).filter(
    (key) =>
      facts[key] !== null && key !== 'epcExemptReason' && key !== 'ratesPerYear' && key !== 'availableInDays',
  )
  const dropped = { ...facts }
  const count = whole(random, 1, Math.max(1, Math.floor(given.length / 2)))
  for (let i = 0; i < count; i += 1) {
    const key = pick(random, given)
    dropped[key] = null as never
    // A fact and its detail go together.
    if (key === 'epcRating') dropped.epcExemptReason = null
    if (key === 'councilTaxBand') dropped.ratesPerYear = null
    if (key === 'availableNow') dropped.availableInDays = null
    if (key === 'tenure') {
      dropped.leaseYearsLeft = null
      dropped.groundRentPerYear = null
      dropped.serviceChargePerYear = null
    }
  }
  return dropped
}
