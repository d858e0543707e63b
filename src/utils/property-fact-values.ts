/**
 * The values public.listings allows in its property-fact columns (issue 55), and nothing else: the listing
 * reads check rows against them on every screen's first render, so this module stays a few lists. Their words
 * and rules are in property-facts.ts.
 */

export const PROPERTY_TYPES = [
  'flat',
  'maisonette',
  'terraced',
  'semi_detached',
  'detached',
  'bungalow',
  'cottage',
  'studio',
  'other',
] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

/** EPC ratings A (best) to G; a listing may instead be `exempt`, with a reason. */
export const EPC_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const
export type EpcLetter = (typeof EPC_RATINGS)[number]
export type EpcRating = EpcLetter | 'exempt'

export const TENURES = ['freehold', 'leasehold', 'share_of_freehold', 'commonhold'] as const
export type Tenure = (typeof TENURES)[number]

/** Council tax bands A to H in England and Scotland, A to I in Wales; Northern Ireland has domestic rates. */
export const COUNCIL_TAX_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'] as const
export const COUNCIL_TAX_BANDS = [...COUNCIL_TAX_LETTERS, 'not_banded', 'rates'] as const
export type CouncilTaxBand = (typeof COUNCIL_TAX_BANDS)[number]
