import type { FloorAreaUnit, ListingFormText, PropertyFactsText, YesNoUnsaid } from '../../types/listing'
import {
  COUNCIL_TAX_BANDS,
  depositProblem,
  EPC_CHOICES,
  monthlyRentPaid,
  PROPERTY_FACT_LIMITS,
  PROPERTY_TYPES,
  type PropertyFacts,
  SQ_FT_PER_M2,
  squareFeetToSquareMetres,
  squareMetresToSquareFeet,
  TENURES,
} from '../../utils/property-facts'
import { PUBLISHING_FACT_REFUSALS } from '../../utils/publishing-fact-refusals'

// The listing form's `Property facts` (issue 55): what the form holds, how it reads as a listing's facts, and
// what it refuses, beside each field. The values and the limits are property-facts.ts's, which the database's
// CHECK constraints repeat.

export type FactField = keyof PropertyFactsText

/**
 * Every message the facts show. The three publishing needs are the database's own words (its trigger raises
 * them), the EPC's copied exactly from the issue.
 */
export const FACT_MESSAGES = {
  floorAreaRange: `Floor area must be more than 0 and at most ${PROPERTY_FACT_LIMITS.floorAreaMaxM2.toLocaleString('en-GB')} m² (${Math.floor(PROPERTY_FACT_LIMITS.floorAreaMaxM2 * SQ_FT_PER_M2).toLocaleString('en-GB')} sq ft)`,
  epcRequired: PUBLISHING_FACT_REFUSALS.epcRating,
  epcExemptReasonRequired: 'Say why the home is exempt (for example, a listed building)',
  epcExemptReasonLength: `The reason must be ${PROPERTY_FACT_LIMITS.epcExemptReason.min} to ${PROPERTY_FACT_LIMITS.epcExemptReason.max} characters`,
  councilTaxBandRequired: PUBLISHING_FACT_REFUSALS.councilTaxBand,
  ratesRequired: 'Add the rates a year',
  ratesRange: 'Rates a year must be a whole number of pounds, more than 0',
  leaseYearsLeftRange: `Years left on the lease must be a whole number from ${PROPERTY_FACT_LIMITS.leaseYearsLeft.min} to ${PROPERTY_FACT_LIMITS.leaseYearsLeft.max}`,
  groundRentRange: 'Ground rent a year must be a whole number of pounds',
  serviceChargeRange: 'Service charge a year must be a whole number of pounds',
  depositRequired: PUBLISHING_FACT_REFUSALS.deposit,
  depositRange: 'Deposit must be a whole number of pounds',
  availableFromRequired: 'Enter the date the home is available from',
  availableFromPast: 'The date a home is available from cannot be in the past',
  minTenancyRange: `Minimum tenancy must be a whole number of months from ${PROPERTY_FACT_LIMITS.minTenancyMonths.min} to ${PROPERTY_FACT_LIMITS.minTenancyMonths.max}`,
} as const

/** A new listing's facts: none given, the floor area in m². */
export const DEFAULT_FACT_VALUES: PropertyFactsText = {
  propertyType: '',
  floorArea: '',
  floorAreaTypedUnit: 'm2',
  floorAreaUnit: 'm2',
  epcRating: '',
  epcExemptReason: '',
  councilTaxBand: '',
  ratesPerYear: '',
  tenure: '',
  leaseYearsLeft: '',
  groundRentPerYear: '',
  serviceChargePerYear: '',
  deposit: '',
  availability: '',
  availableFrom: '',
  minTenancyMonths: '',
  billsIncluded: '',
  petsConsidered: '',
}

/** The facts' fields in the order the form shows them (the first invalid one takes focus). */
export const FACT_FIELD_ORDER: readonly FactField[] = [
  'propertyType',
  'floorArea',
  'epcRating',
  'epcExemptReason',
  'councilTaxBand',
  'ratesPerYear',
  'tenure',
  'leaseYearsLeft',
  'groundRentPerYear',
  'serviceChargePerYear',
  'deposit',
  'availability',
  'availableFrom',
  'minTenancyMonths',
  'billsIncluded',
  'petsConsidered',
]

/** The largest whole number of pounds a column holds (a Postgres integer). */
const MAX_POUNDS = 2_147_483_647

const WHOLE = /^\d+$/
const DECIMAL = /^\d+(\.\d+)?$/

/** A whole number from min to max (commas and a leading £ allowed), or undefined. */
function readWhole(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim().replace(/^£/, '').replace(/,/g, '')
  if (!WHOLE.test(trimmed)) return undefined
  const n = Number(trimmed)
  return n >= min && n <= max ? n : undefined
}

/** The typed floor area in m² to the 0.1 the database keeps, or undefined when it is no number. */
function floorAreaM2(text: string, unit: FloorAreaUnit): number | undefined {
  const trimmed = text.trim().replace(/,/g, '')
  if (!DECIMAL.test(trimmed)) return undefined
  const n = Number(trimmed)
  return unit === 'sqft' ? squareFeetToSquareMetres(n) : Math.round(n * 10) / 10
}

const inRange = (m2: number | undefined) =>
  m2 !== undefined && m2 > 0 && m2 <= PROPERTY_FACT_LIMITS.floorAreaMaxM2 ? m2 : undefined

/**
 * The floor area as the field shows it in the unit chosen: as typed in the unit it was typed in, else converted
 * (whole sq ft, m² to 0.1). Switching back shows exactly what was typed.
 */
export function shownFloorArea(values: PropertyFactsText): string {
  if (values.floorAreaUnit === values.floorAreaTypedUnit) return values.floorArea
  const m2 = floorAreaM2(values.floorArea, values.floorAreaTypedUnit)
  if (m2 === undefined) return values.floorArea
  if (values.floorAreaUnit === 'm2') return String(m2)
  return String(Math.round(squareMetresToSquareFeet(m2)))
}

/** Today in the UK (Europe/London), as a date input writes it: `2026-11-28`. */
export function ukToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const isDate = (text: string) => ISO_DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))

const yesNo = (value: YesNoUnsaid) => (value === '' ? null : value === 'yes')

/** What the facts need besides the values: the price (the deposit's cap) and the type. */
type FactValues = Pick<ListingFormText, 'type' | 'offer' | 'regularPrice' | 'discountedPrice'> &
  PropertyFactsText

/** The rent the tenant pays a month as typed, when both prices read. */
function rentOf(values: FactValues): number | undefined {
  const regular = readWhole(values.regularPrice, 1, MAX_POUNDS)
  if (regular === undefined) return undefined
  const discounted = values.offer ? readWhole(values.discountedPrice, 1, MAX_POUNDS) : null
  if (discounted === undefined) return undefined
  return monthlyRentPaid({ offer: values.offer, regularPrice: regular, discountedPrice: discounted })
}

/**
 * The facts the form's values give, as a listing holds them: each one that reads (a number out of range, a
 * choice not in its list, reads as not given), only those of the listing's type, lease facts only for a
 * leasehold, the exemption's reason only when exempt, rates only with the band `Rates`. The form's count reads
 * them as typed; a valid form's draft carries them.
 */
export function readPropertyFacts(values: FactValues): PropertyFacts {
  const rent = values.type === 'rent'
  const sale = values.type === 'sale'
  const epc = (EPC_CHOICES as readonly string[]).includes(values.epcRating) ? values.epcRating || null : null
  const band = (COUNCIL_TAX_BANDS as readonly string[]).includes(values.councilTaxBand)
    ? values.councilTaxBand || null
    : null
  const tenure = sale && (TENURES as readonly string[]).includes(values.tenure) ? values.tenure || null : null
  const leasehold = tenure === 'leasehold'
  const reason = values.epcExemptReason.trim()
  const limits = PROPERTY_FACT_LIMITS
  return {
    propertyType: (PROPERTY_TYPES as readonly string[]).includes(values.propertyType)
      ? values.propertyType || null
      : null,
    floorAreaM2: inRange(floorAreaM2(values.floorArea, values.floorAreaTypedUnit)) ?? null,
    epcRating: epc,
    epcExemptReason:
      epc === 'exempt' &&
      reason.length >= limits.epcExemptReason.min &&
      reason.length <= limits.epcExemptReason.max
        ? reason
        : null,
    councilTaxBand: band,
    ratesPerYear: band === 'rates' ? (readWhole(values.ratesPerYear, 1, MAX_POUNDS) ?? null) : null,
    tenure,
    leaseYearsLeft: leasehold
      ? (readWhole(values.leaseYearsLeft, limits.leaseYearsLeft.min, limits.leaseYearsLeft.max) ?? null)
      : null,
    groundRentPerYear: leasehold ? (readWhole(values.groundRentPerYear, 0, MAX_POUNDS) ?? null) : null,
    serviceChargePerYear: leasehold ? (readWhole(values.serviceChargePerYear, 0, MAX_POUNDS) ?? null) : null,
    deposit: rent ? (readWhole(values.deposit, 0, MAX_POUNDS) ?? null) : null,
    availableNow: rent && values.availability === 'now' ? true : null,
    availableFrom:
      rent && values.availability === 'date' && isDate(values.availableFrom.trim())
        ? values.availableFrom.trim()
        : null,
    minTenancyMonths: rent
      ? (readWhole(values.minTenancyMonths, limits.minTenancyMonths.min, limits.minTenancyMonths.max) ?? null)
      : null,
    billsIncluded: rent ? yesNo(values.billsIncluded) : null,
    petsConsidered: rent ? yesNo(values.petsConsidered) : null,
  }
}

export type FactRuleOptions = {
  /** Publishing needs the EPC rating (or exempt), the council tax band and, for rent, the deposit. */
  required: boolean
  /** Today in the UK (`2026-11-28`): `Available from` may not be before it. */
  today: string
  /** An edit's date as it was: kept unchanged, it may have passed (the database keeps it too). */
  keptAvailableFrom: string | null
  /** An edit's type as it was (null for a new listing): a listing that becomes a rent brings its deposit. */
  typeAsWas?: 'rent' | 'sale' | null
}

/** Every fact that breaks a rule, one message per field, in the form's order. */
export function factIssues(values: FactValues, options: FactRuleOptions): [FactField, string][] {
  const M = FACT_MESSAGES
  const issues: [FactField, string][] = []
  const facts = readPropertyFacts(values)
  const typed = (text: string) => text.trim() !== ''
  const rent = values.type === 'rent'

  if (typed(values.floorArea) && facts.floorAreaM2 === null) issues.push(['floorArea', M.floorAreaRange])

  if (values.epcRating === '') {
    if (options.required) issues.push(['epcRating', M.epcRequired])
  } else if (values.epcRating === 'exempt') {
    const reason = values.epcExemptReason.trim()
    if (reason === '') issues.push(['epcExemptReason', M.epcExemptReasonRequired])
    else if (facts.epcExemptReason === null) issues.push(['epcExemptReason', M.epcExemptReasonLength])
  }

  if (values.councilTaxBand === '') {
    if (options.required) issues.push(['councilTaxBand', M.councilTaxBandRequired])
  } else if (values.councilTaxBand === 'rates' && facts.ratesPerYear === null) {
    issues.push(['ratesPerYear', typed(values.ratesPerYear) ? M.ratesRange : M.ratesRequired])
  }

  if (values.type === 'sale' && facts.tenure === 'leasehold') {
    if (typed(values.leaseYearsLeft) && facts.leaseYearsLeft === null)
      issues.push(['leaseYearsLeft', M.leaseYearsLeftRange])
    if (typed(values.groundRentPerYear) && facts.groundRentPerYear === null)
      issues.push(['groundRentPerYear', M.groundRentRange])
    if (typed(values.serviceChargePerYear) && facts.serviceChargePerYear === null)
      issues.push(['serviceChargePerYear', M.serviceChargeRange])
  }

  if (rent) {
    const rentPaid = rentOf(values)
    if (!typed(values.deposit)) {
      if (options.required || (options.typeAsWas ?? 'rent') !== 'rent')
        issues.push(['deposit', M.depositRequired])
    } else if (facts.deposit === null) {
      issues.push(['deposit', M.depositRange])
    } else if (rentPaid !== undefined) {
      const problem = depositProblem(facts.deposit, rentPaid)
      if (problem) issues.push(['deposit', problem])
    }
    if (values.availability === 'date') {
      const date = values.availableFrom.trim()
      if (facts.availableFrom === null) issues.push(['availableFrom', M.availableFromRequired])
      else if (date < options.today && date !== options.keptAvailableFrom)
        issues.push(['availableFrom', M.availableFromPast])
    }
    if (typed(values.minTenancyMonths) && facts.minTenancyMonths === null)
      issues.push(['minTenancyMonths', M.minTenancyRange])
  }
  return issues
}

/** The form's text of a listing's facts (the edit form starts from them): every fact as it is, nothing lost. */
export function factValuesOf(facts: Partial<PropertyFacts>): PropertyFactsText {
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))
  const yn = (b: boolean | null | undefined): YesNoUnsaid => (b === true ? 'yes' : b === false ? 'no' : '')
  return {
    propertyType: facts.propertyType ?? '',
    floorArea: text(facts.floorAreaM2),
    floorAreaTypedUnit: 'm2',
    floorAreaUnit: 'm2',
    epcRating: facts.epcRating ?? '',
    epcExemptReason: facts.epcExemptReason ?? '',
    councilTaxBand: facts.councilTaxBand ?? '',
    ratesPerYear: text(facts.ratesPerYear),
    tenure: facts.tenure ?? '',
    leaseYearsLeft: text(facts.leaseYearsLeft),
    groundRentPerYear: text(facts.groundRentPerYear),
    serviceChargePerYear: text(facts.serviceChargePerYear),
    deposit: text(facts.deposit),
    availability: facts.availableNow ? 'now' : facts.availableFrom ? 'date' : '',
    availableFrom: facts.availableFrom ?? '',
    minTenancyMonths: text(facts.minTenancyMonths),
    billsIncluded: yn(facts.billsIncluded),
    petsConsidered: yn(facts.petsConsidered),
  }
}

const oneOf = <T extends string>(value: unknown, choices: readonly T[], fallback: T): T =>
  typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as T) : fallback

/**
 * A kept draft's facts, checked for type only: a field missing (a draft kept before the facts) or of the wrong
 * kind takes the form's default; the rest is kept as typed.
 */
export function toFactValues(source: Record<string, unknown>): PropertyFactsText {
  const d = DEFAULT_FACT_VALUES
  const text = (field: FactField) => {
    const value = source[field]
    return typeof value === 'string' ? value : (d[field] as string)
  }
  const units = ['m2', 'sqft'] as const
  const yn = ['', 'yes', 'no'] as const
  return {
    propertyType: oneOf(source.propertyType, ['', ...PROPERTY_TYPES], ''),
    floorArea: text('floorArea'),
    floorAreaTypedUnit: oneOf(source.floorAreaTypedUnit, units, 'm2'),
    floorAreaUnit: oneOf(source.floorAreaUnit, units, 'm2'),
    epcRating: oneOf(source.epcRating, ['', ...EPC_CHOICES], ''),
    epcExemptReason: text('epcExemptReason'),
    councilTaxBand: oneOf(source.councilTaxBand, ['', ...COUNCIL_TAX_BANDS], ''),
    ratesPerYear: text('ratesPerYear'),
    tenure: oneOf(source.tenure, ['', ...TENURES], ''),
    leaseYearsLeft: text('leaseYearsLeft'),
    groundRentPerYear: text('groundRentPerYear'),
    serviceChargePerYear: text('serviceChargePerYear'),
    deposit: text('deposit'),
    availability: oneOf(source.availability, ['', 'now', 'date'], ''),
    availableFrom: text('availableFrom'),
    minTenancyMonths: text('minTenancyMonths'),
    billsIncluded: oneOf(source.billsIncluded, yn, ''),
    petsConsidered: oneOf(source.petsConsidered, yn, ''),
  }
}
