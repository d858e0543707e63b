import { type AreaProblem, readArea } from '../utils/area'
import { parseHomeSearch, RENT_ONLY_FILTERS } from './home-search'

/**
 * A field the URL held that the search cannot use, and why: the search is read without it, and the screen says
 * so (search-notes.ts, which loads this file only for a link that has one of these fields). Only the fields a person cannot have set by hand through the screen are reported.
 */
export type IgnoredField =
  | { field: 'place' }
  | { field: 'radius' }
  | { field: 'keywords' }
  | { field: 'area'; problem: AreaProblem }
  | { field: 'propertyType' }
  | { field: 'minArea' }
  | { field: 'epc' }
  | { field: (typeof RENT_ONLY_FILTERS)[number]; problem: 'unreadable' | 'rent-only' }

/** The fields a link may carry that parseHomeSearch drops when they do not parse, besides place, radius, keywords and area. */
const FACT_FIELDS = ['propertyType', 'minArea', 'epc'] as const

const given = (value: unknown) => value !== undefined && value !== null && value !== ''

/**
 * The fields the raw URL gives but parseHomeSearch drops (a place id that is not a whole number, a radius not
 * offered or without a place, keywords over 100 characters, an area that does not decode, has too few or too
 * many points or crosses itself, a property type Roost does not know, a floor area that is not a whole number
 * of m² up to 10,000, an EPC letter outside A–G, and the rent filters when they do not read or the search is
 * not of homes to rent). A place id that parses but names no place is
 * known only once the places are loaded: the screen checks it then.
 */
export function ignoredFields(raw: Record<string, unknown>): IgnoredField[] {
  const search = parseHomeSearch(raw)
  const out: IgnoredField[] = []
  if (given(raw.place) && search.place === undefined) out.push({ field: 'place' })
  if (given(raw.radius) && search.radius === undefined) out.push({ field: 'radius' })
  if (given(raw.keywords) && search.keywords === undefined && String(raw.keywords).trim() !== '')
    out.push({ field: 'keywords' })
  if (given(raw.area) && search.area === undefined) {
    const area = typeof raw.area === 'string' ? readArea(raw.area) : null
    out.push({ field: 'area', problem: area && 'problem' in area ? area.problem : 'does-not-decode' })
  }
  for (const field of FACT_FIELDS) if (given(raw[field]) && search[field] === undefined) out.push({ field })
  for (const field of RENT_ONLY_FILTERS) {
    if (!given(raw[field]) || search[field] !== undefined || raw[field] === false || raw[field] === 'false')
      continue
    // Readable, but the search is not of homes to rent: it would find nothing, so it is left out.
    const readable = parseHomeSearch({ type: 'rent', [field]: raw[field] })[field] !== undefined
    out.push({ field, problem: readable ? 'rent-only' : 'unreadable' })
  }
  return out
}
