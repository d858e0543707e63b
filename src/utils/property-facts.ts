import { formatPounds, formatSquareMetres, propertyTypeLabel } from './inline-script-helpers'
import {
  COUNCIL_TAX_BANDS,
  COUNCIL_TAX_LETTERS,
  type CouncilTaxBand,
  EPC_RATINGS,
  type EpcLetter,
  type EpcRating,
  PROPERTY_TYPES,
  type PropertyType,
  type Tenure,
} from './property-fact-values'

export { formatSquareMetres, propertyFactsLine } from './inline-script-helpers'
export {
  COUNCIL_TAX_BANDS,
  type CouncilTaxBand,
  EPC_RATINGS,
  type EpcLetter,
  type EpcRating,
  PROPERTY_TYPES,
  type PropertyType,
  TENURES,
  type Tenure,
} from './property-fact-values'

/**
 * The property facts of a UK listing (issue 55: the material information an advert shows): the values
 * public.listings allows, the words a person sees for them, and the rules the form and the page share with
 * the database's CHECK constraints (supabase/schemas/07-listings.sql). Pure: no imports from lib/ or features/.
 */

export const PROPERTY_TYPE_LABELS: { readonly [T in PropertyType]: string } = Object.fromEntries(
  PROPERTY_TYPES.map((type) => [type, propertyTypeLabel(type)]),
) as { [T in PropertyType]: string }

/** Letters shown as they are: { A: 'A', … }. */
const asThemselves = <L extends string>(letters: readonly L[]) =>
  Object.fromEntries(letters.map((letter) => [letter, letter])) as { [K in L]: K }

export const EPC_CHOICES: readonly EpcRating[] = [...EPC_RATINGS, 'exempt']
export const EPC_LABELS: { readonly [R in EpcRating]: string } = {
  ...asThemselves(EPC_RATINGS),
  exempt: 'Exempt',
}

export const TENURE_LABELS: { readonly [T in Tenure]: string } = {
  freehold: 'Freehold',
  leasehold: 'Leasehold',
  share_of_freehold: 'Share of freehold',
  commonhold: 'Commonhold',
}

export const COUNCIL_TAX_BAND_LABELS: { readonly [B in CouncilTaxBand]: string } = {
  ...asThemselves(COUNCIL_TAX_LETTERS),
  not_banded: 'Not yet banded',
  rates: 'Rates',
}

export type UkNation = 'england' | 'scotland' | 'wales' | 'northern_ireland'

/**
 * The council tax choices for a home in `nation`: A–H and `Not yet banded` (A–I in Wales), `Rates` in
 * Northern Ireland; every choice when the nation is not known.
 */
export function councilTaxChoices(nation: UkNation | null): readonly CouncilTaxBand[] {
  switch (nation) {
    case 'england':
    case 'scotland':
      return [...COUNCIL_TAX_LETTERS.filter((letter) => letter !== 'I'), 'not_banded']
    case 'wales':
      return [...COUNCIL_TAX_LETTERS, 'not_banded']
    case 'northern_ireland':
      return ['rates']
    default:
      return COUNCIL_TAX_BANDS
  }
}

/** The limits the database holds the facts to (its CHECK constraints say the same). */
export const PROPERTY_FACT_LIMITS = {
  /** Over 0 and at most this, in m² (one decimal place is stored). */
  floorAreaMaxM2: 10_000,
  epcExemptReason: { min: 3, max: 200 },
  leaseYearsLeft: { min: 1, max: 999 },
  minTenancyMonths: { min: 1, max: 60 },
} as const

// --- Deposit -------------------------------------------------------------------------------------------------

/** From this yearly rent up, the cap is 6 weeks' rent instead of 5 (Tenant Fees Act 2019). */
export const HIGHER_DEPOSIT_YEARLY_RENT = 50_000

/** The rent a tenant pays a month: the discounted price when on offer, else the regular price. */
export function monthlyRentPaid(price: {
  offer: boolean
  regularPrice: number
  discountedPrice: number | null
}): number {
  return price.offer && price.discountedPrice !== null ? price.discountedPrice : price.regularPrice
}

/** How many weeks' rent a deposit may be: 5 where the yearly rent is under £50,000, else 6. */
export function depositWeeks(monthlyRent: number): 5 | 6 {
  return monthlyRent * 12 < HIGHER_DEPOSIT_YEARLY_RENT ? 5 : 6
}

/** The largest deposit for a monthly rent, in whole pounds: floor(monthly × 12 / 52 × weeks). */
export function depositCap(monthlyRent: number): number {
  // Whole pounds throughout: the integer product over 52 is floored exactly, as the database does.
  return Math.floor((monthlyRent * 12 * depositWeeks(monthlyRent)) / 52)
}

/** `A deposit can be at most 5 weeks' rent (£1,673 for £1,450 a month)`. */
export function depositCapMessage(monthlyRent: number): string {
  return `A deposit can be at most ${depositWeeks(monthlyRent)} weeks' rent (${formatPounds(depositCap(monthlyRent))} for ${formatPounds(monthlyRent)} a month)`
}

/** What is wrong with a deposit for a monthly rent: the cap's message when above it, else null. */
export function depositProblem(deposit: number, monthlyRent: number): string | null {
  return deposit > depositCap(monthlyRent) ? depositCapMessage(monthlyRent) : null
}

// --- Floor area ----------------------------------------------------------------------------------------------

/** Square feet in a square metre (0.3048 m to the foot). */
export const SQ_FT_PER_M2 = 1 / (0.3048 * 0.3048)

/** m² to sq ft, unrounded. */
export function squareMetresToSquareFeet(m2: number): number {
  return m2 * SQ_FT_PER_M2
}

/** sq ft to m², to the 0.1 m² the database keeps. */
export function squareFeetToSquareMetres(sqFt: number): number {
  return Math.round((sqFt / SQ_FT_PER_M2) * 10) / 10
}

const grouped = (value: string) => value.replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** `62 m² (667 sq ft)`: the stored m², then sq ft to the nearest foot. */
export function formatFloorArea(m2: number): string {
  return `${formatSquareMetres(m2)} m² (${grouped(String(Math.round(squareMetresToSquareFeet(m2))))} sq ft)`
}

// --- The facts of one listing ----------------------------------------------------------------------------------

/** A listing's property facts, as the app names them; null (or absent) is not given. */
export type PropertyFacts = {
  propertyType: PropertyType | null
  floorAreaM2: number | null
  epcRating: EpcRating | null
  epcExemptReason: string | null
  councilTaxBand: CouncilTaxBand | null
  ratesPerYear: number | null
  tenure: Tenure | null
  leaseYearsLeft: number | null
  groundRentPerYear: number | null
  serviceChargePerYear: number | null
  deposit: number | null
  availableNow: boolean | null
  availableFrom: string | null
  minTenancyMonths: number | null
  billsIncluded: boolean | null
  petsConsidered: boolean | null
}

const given = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined

/**
 * The facts the form counts, each given or not:
 * - both types: property type, floor area, EPC (a rating, or exempt with a reason), council tax (a band or
 *   `Not yet banded`, or rates with the yearly amount);
 * - rent: deposit, availability (now, or a date), minimum tenancy, bills included, pets considered (a yes or
 *   a no both count as given): 9 in all;
 * - sale: tenure, and for a leasehold the years left, ground rent and service charge: 5 in all, 8 for a
 *   leasehold.
 */
export function propertyFactsChecklist(
  type: 'rent' | 'sale',
  facts: Partial<PropertyFacts>,
): { fact: string; given: boolean }[] {
  const common = [
    { fact: 'propertyType', given: given(facts.propertyType) },
    { fact: 'floorArea', given: given(facts.floorAreaM2) },
    {
      fact: 'epc',
      given:
        given(facts.epcRating) &&
        (facts.epcRating !== 'exempt' || (facts.epcExemptReason ?? '').trim() !== ''),
    },
    {
      fact: 'councilTax',
      given: given(facts.councilTaxBand) && (facts.councilTaxBand !== 'rates' || given(facts.ratesPerYear)),
    },
  ]
  if (type === 'rent') {
    return [
      ...common,
      { fact: 'deposit', given: given(facts.deposit) },
      { fact: 'available', given: facts.availableNow === true || given(facts.availableFrom) },
      { fact: 'minTenancy', given: given(facts.minTenancyMonths) },
      { fact: 'billsIncluded', given: given(facts.billsIncluded) },
      { fact: 'petsConsidered', given: given(facts.petsConsidered) },
    ]
  }
  const lease =
    facts.tenure === 'leasehold'
      ? [
          { fact: 'leaseYearsLeft', given: given(facts.leaseYearsLeft) },
          { fact: 'groundRent', given: given(facts.groundRentPerYear) },
          { fact: 'serviceCharge', given: given(facts.serviceChargePerYear) },
        ]
      : []
  return [...common, { fact: 'tenure', given: given(facts.tenure) }, ...lease]
}

/** How many of the counted facts are given, of how many (propertyFactsChecklist). */
export function propertyFactsCompleteness(
  type: 'rent' | 'sale',
  facts: Partial<PropertyFacts>,
): { given: number; of: number } {
  const checklist = propertyFactsChecklist(type, facts)
  return { given: checklist.filter((item) => item.given).length, of: checklist.length }
}

/** `Property facts: 7 of 9`. */
export function formatPropertyFactsCompleteness(
  type: 'rent' | 'sale',
  facts: Partial<PropertyFacts>,
): string {
  const { given: known, of } = propertyFactsCompleteness(type, facts)
  return `Property facts: ${known} of ${of}`
}

// --- What the listing page and Your Listings show --------------------------------------------------------------

/** What a missing fact reads as on the listing page. */
export const NOT_PROVIDED = 'Not provided'

/** One line of the listing page's `Property facts`; `epc` is the letter to place on the EPC scale. */
export type PropertyFactRow = { term: string; value: string; epc?: EpcLetter }

const yesNo = (value: boolean | null | undefined) => (given(value) ? (value ? 'Yes' : 'No') : NOT_PROVIDED)
const orNotProvided = <T>(value: T | null | undefined, show: (value: T) => string) =>
  given(value) ? show(value) : NOT_PROVIDED
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** A date as the database keeps it (`2027-03-01`) in words: `1 March 2027`; the text itself if not a date. */
export function formatFactDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date)
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : date
}

/** `Band B`, `Not yet banded`, `Rates: £1,350 a year`. */
function councilTaxText(facts: Partial<PropertyFacts>): string {
  const band = facts.councilTaxBand
  if (!given(band)) return NOT_PROVIDED
  if (band === 'not_banded') return COUNCIL_TAX_BAND_LABELS.not_banded
  if (band === 'rates')
    return given(facts.ratesPerYear) ? `Rates: ${formatPounds(facts.ratesPerYear)} a year` : 'Rates'
  return `Band ${band}`
}

/**
 * The listing page's `Property facts`, in order: type, floor area, EPC, council tax; then for sale the tenure
 * (and a leasehold's lease), for rent the deposit, availability, minimum tenancy, bills and pets. What is not
 * given reads `Not provided`.
 */
export function propertyFactRows(type: 'rent' | 'sale', facts: Partial<PropertyFacts>): PropertyFactRow[] {
  const epc: PropertyFactRow =
    facts.epcRating === 'exempt'
      ? { term: 'EPC rating', value: `Exempt: ${facts.epcExemptReason ?? NOT_PROVIDED}` }
      : given(facts.epcRating)
        ? { term: 'EPC rating', value: `EPC rating ${facts.epcRating}`, epc: facts.epcRating }
        : { term: 'EPC rating', value: NOT_PROVIDED }
  const rows: PropertyFactRow[] = [
    { term: 'Property type', value: orNotProvided(facts.propertyType, (t) => PROPERTY_TYPE_LABELS[t]) },
    { term: 'Floor area', value: orNotProvided(facts.floorAreaM2, formatFloorArea) },
    epc,
    { term: 'Council tax band', value: councilTaxText(facts) },
  ]
  if (type === 'sale') {
    rows.push({ term: 'Tenure', value: orNotProvided(facts.tenure, (t) => TENURE_LABELS[t]) })
    if (facts.tenure === 'leasehold')
      rows.push(
        {
          term: 'Years left on the lease',
          value: orNotProvided(facts.leaseYearsLeft, (years) => `${years} ${years === 1 ? 'year' : 'years'}`),
        },
        { term: 'Ground rent a year', value: orNotProvided(facts.groundRentPerYear, formatPounds) },
        { term: 'Service charge a year', value: orNotProvided(facts.serviceChargePerYear, formatPounds) },
      )
    return rows
  }
  rows.push(
    { term: 'Deposit', value: orNotProvided(facts.deposit, formatPounds) },
    {
      term: 'Available from',
      value: facts.availableNow === true ? 'Now' : orNotProvided(facts.availableFrom, formatFactDate),
    },
    {
      term: 'Minimum tenancy',
      value: orNotProvided(
        facts.minTenancyMonths,
        (months) => `${months} ${months === 1 ? 'month' : 'months'}`,
      ),
    },
    { term: 'Bills included', value: yesNo(facts.billsIncluded) },
    { term: 'Pets considered', value: yesNo(facts.petsConsidered) },
  )
  return rows
}

/** The facts publishing needs (issue 55): an EPC rating or exempt, a council tax band and, for rent, the deposit. */
const PUBLISHING_FACTS = ['epc', 'councilTax', 'deposit']

/**
 * Whether a listing lacks a fact publishing needs, so that Your Listings asks its landlord to `Add the property
 * facts` (listings published before the facts stay on the market meanwhile).
 */
export function lacksPublishingFacts(type: 'rent' | 'sale', facts: Partial<PropertyFacts>): boolean {
  return propertyFactsChecklist(type, facts).some(
    (item) => PUBLISHING_FACTS.includes(item.fact) && !item.given,
  )
}
