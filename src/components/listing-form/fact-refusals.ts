import { depositCapMessage } from '../../utils/property-facts'
import { PUBLISHING_FACT_REFUSALS, publishingFactRefused } from '../../utils/publishing-fact-refusals'
import { type FactField, FACT_MESSAGES as M } from './property-facts-schema'

// The database refuses a fact the form would have refused (a request from an older app, a rule that changed,
// a date that passed while a draft waited) by the name of its CHECK constraint or trigger: each name becomes
// the message the form shows beside that fact's field.

type Refusal = { field: FactField; message: (rent: number | null) => string }

const at = (field: FactField, message: string): Refusal => ({ field, message: () => message })

/** Each constraint's field and message (supabase/schemas/07-listings.sql). */
const REFUSALS: Record<string, Refusal> = {
  listings_floor_area_range: at('floorArea', M.floorAreaRange),
  listings_epc_rating_valid: at('epcRating', M.epcRequired),
  listings_epc_exempt_needs_reason: at('epcExemptReason', M.epcExemptReasonRequired),
  listings_epc_exempt_reason_length: at('epcExemptReason', M.epcExemptReasonLength),
  listings_council_tax_band_valid: at('councilTaxBand', M.councilTaxBandRequired),
  listings_rates_need_amount: at('ratesPerYear', M.ratesRequired),
  listings_rates_per_year_positive: at('ratesPerYear', M.ratesRange),
  listings_lease_years_left_range: at('leaseYearsLeft', M.leaseYearsLeftRange),
  listings_ground_rent_not_negative: at('groundRentPerYear', M.groundRentRange),
  listings_service_charge_not_negative: at('serviceChargePerYear', M.serviceChargeRange),
  listings_deposit_not_negative: at('deposit', M.depositRange),
  listings_deposit_within_cap: {
    field: 'deposit',
    message: (rent) => (rent === null ? M.depositRange : depositCapMessage(rent)),
  },
  listings_available_from_not_past: at('availableFrom', M.availableFromPast),
  listings_min_tenancy_range: at('minTenancyMonths', M.minTenancyRange),
  listings_epc_rating_required: at('epcRating', M.epcRequired),
  listings_council_tax_band_required: at('councilTaxBand', M.councilTaxBandRequired),
  listings_deposit_required: at('deposit', M.depositRequired),
}

/** The trigger refusing a past date says the form's words, and names no constraint in its message. */
const BY_MESSAGE: [string, Refusal][] = [[M.availableFromPast, at('availableFrom', M.availableFromPast)]]

/** A reason's words as compared: trimmed, without a closing full stop. */
const words = (text: string) => text.trim().replace(/\.$/, '')

/**
 * The field and message for a refusal that names a fact's constraint (`…violates check constraint
 * "listings_deposit_within_cap"`) or says a fact's message, or null when it is about no fact. `rent` is the
 * monthly rent the tenant pays, for the deposit's cap.
 */
export function factRefusal(
  reason: string,
  rent: number | null,
): { field: FactField; message: string } | null {
  // Publishing's requirement (the trigger listings_publishing_facts) says the message the form shows.
  const needed = publishingFactRefused(reason)
  if (needed) return { field: needed, message: PUBLISHING_FACT_REFUSALS[needed] }
  const said = BY_MESSAGE.find(([message]) => words(message) === words(reason))
  if (said) return { field: said[1].field, message: said[1].message(rent) }
  for (const name of reason.match(/listings_[a-z0-9_]+/g) ?? []) {
    const known = REFUSALS[name]
    if (known) return { field: known.field, message: known.message(rent) }
  }
  return null
}
