import type { ListingRow } from '../types/listing'
import type { PropertyFacts } from './property-facts'

// The property facts (issue 55) as the app names them and as public.listings names them, both ways: the
// create and edit paths write them with the other fields, and an edit compares them like every other field.

/** Each fact's column in public.listings. */
export const FACT_COLUMN_OF = {
  propertyType: 'property_type',
  floorAreaM2: 'floor_area_m2',
  epcRating: 'epc_rating',
  epcExemptReason: 'epc_exempt_reason',
  councilTaxBand: 'council_tax_band',
  ratesPerYear: 'rates_per_year',
  tenure: 'tenure',
  leaseYearsLeft: 'lease_years_left',
  groundRentPerYear: 'ground_rent_per_year',
  serviceChargePerYear: 'service_charge_per_year',
  deposit: 'deposit',
  availableNow: 'available_now',
  availableFrom: 'available_from',
  minTenancyMonths: 'min_tenancy_months',
  billsIncluded: 'bills_included',
  petsConsidered: 'pets_considered',
} as const satisfies { [F in keyof PropertyFacts]: keyof ListingRow }

export type FactColumn = (typeof FACT_COLUMN_OF)[keyof PropertyFacts]

/** The facts' columns of a row. */
export type FactColumns = Pick<ListingRow, FactColumn>

const FACTS = Object.keys(FACT_COLUMN_OF) as (keyof PropertyFacts)[]

/** The facts' column names, in the form's order. */
export const FACT_COLUMNS: readonly FactColumn[] = FACTS.map((fact) => FACT_COLUMN_OF[fact])

/** The columns of a listing's facts; a fact not given (or unknown to an older copy) is null. */
export function factColumns(facts: Partial<PropertyFacts>): FactColumns {
  return Object.fromEntries(FACTS.map((fact) => [FACT_COLUMN_OF[fact], facts[fact] ?? null])) as FactColumns
}

/** A listing's facts from its columns; a column absent is not given. */
export function factsOfColumns(columns: Partial<FactColumns>): PropertyFacts {
  return Object.fromEntries(
    FACTS.map((fact) => [fact, columns[FACT_COLUMN_OF[fact]] ?? null]),
  ) as PropertyFacts
}
