/**
 * The database's refusals of a listing without a fact publishing needs (issue 55; the trigger
 * listings_publishing_facts, supabase/schemas/02-require_publishing_facts.sql): a new listing without its EPC
 * rating (or exempt), its council tax band or, for rent, its deposit, or an edit that takes one away. The
 * refusal's message is the words the form shows beside the fact (SQLSTATE 23514, the column as its hint), so
 * the app shows it as it is wherever a refusal's reason is shown; this names the fact it asks for.
 */
export const PUBLISHING_FACT_REFUSALS = {
  epcRating: 'Add the EPC rating (A–G) or mark it exempt',
  councilTaxBand: 'Add the council tax band, or choose Not yet banded',
  deposit: 'Add the deposit',
} as const

export type PublishingFact = keyof typeof PUBLISHING_FACT_REFUSALS

/** The fact a refusal's reason asks for (`epcRating`, `councilTaxBand`, `deposit`), or null for any other reason. */
export function publishingFactRefused(reason: string | null | undefined): PublishingFact | null {
  const found = Object.entries(PUBLISHING_FACT_REFUSALS).find(([, message]) => message === reason?.trim())
  return found ? (found[0] as PublishingFact) : null
}
