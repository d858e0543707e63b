import { type AreaProblem, readArea } from '../utils/area'
import { parseHomeSearch } from './home-search'

/**
 * A field the URL held that the search cannot use, and why: the search is read without it, and the screen says
 * so (search-notes.ts, which loads this file only for a link that has one of these fields). Only the fields a person cannot have set by hand through the screen are reported.
 */
export type IgnoredField =
  | { field: 'place' }
  | { field: 'radius' }
  | { field: 'keywords' }
  | { field: 'area'; problem: AreaProblem }

const given = (value: unknown) => value !== undefined && value !== null && value !== ''

/**
 * The place, radius, keywords and area the raw URL gives but parseHomeSearch drops (a place id that is not a
 * whole number, a radius not offered or without a place, keywords over 100 characters, an area that does not
 * decode, has too few or too many points or crosses itself). A place id that parses but names no place is
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
  return out
}
