import { type HomeSearch, parseHomeSearch, type RENT_ONLY_FILTERS } from '../../../types/home-search'
import type { IgnoredField } from '../../../types/home-search-problems'
import { type Places, placeNamed } from '../../../utils/places'

export { ignoredFields } from '../../../types/home-search-problems'

// What the search screen says about its search (search-notes.ts loads this file only when there is something to say).

/** What the screen says about a link's field it could not use. */
const IGNORED: Record<Exclude<IgnoredField['field'], RentOnly>, string> = {
  place: 'the place (Roost knows no place by that id)',
  radius: 'the distance (Within offers ¼ mile to 40 miles, around a place)',
  keywords: 'the keywords (longer than 100 characters)',
  area: 'the drawn area',
  propertyType: 'the property type (not one Roost knows)',
  minArea: 'the min floor area (a whole number of m², up to 10,000)',
  epc: 'the EPC rating (EPC at least is a letter from A to G)',
}
type RentOnly = (typeof RENT_ONLY_FILTERS)[number]
const RENT_ONLY_NAMES: Record<RentOnly, string> = {
  pets: 'Pets considered',
  bills: 'Bills included',
  availableBy: 'the Available by date',
}
const RENT_ONLY_PROBLEMS: Record<Extract<IgnoredField, { field: RentOnly }>['problem'], string> = {
  unreadable: 'it could not be read',
  'rent-only': 'a filter for homes to rent',
}
const AREA_PROBLEMS: Record<Extract<IgnoredField, { field: 'area' }>['problem'], string> = {
  'does-not-decode': 'the drawn area (it could not be read)',
  'too-few-points': 'the drawn area (it has fewer than 3 points)',
  'too-many-points': 'the drawn area (it has more than 50 points)',
  'crosses-itself': 'the drawn area (it crosses itself)',
}

const listed = (parts: string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`

/** The polite line for the fields a link gave that the search left out. */
export function ignoredNote(fields: IgnoredField[]): string {
  const parts = fields.map((field) =>
    field.field === 'area'
      ? AREA_PROBLEMS[field.problem]
      : 'problem' in field
        ? `${RENT_ONLY_NAMES[field.field]} (${RENT_ONLY_PROBLEMS[field.problem]})`
        : IGNORED[field.field],
  )
  return `This link’s ${listed(parts)} could not be used, so the search leaves ${parts.length === 1 ? 'it' : 'them'} out.`
}

/**
 * The search as the screen searches it, from the search the URL holds: text typed and searched without picking
 * a place (and an old link's `q`) becomes the place it names when exactly one place has that name, else
 * keywords; a place id no place has is left out; so are the fields the router dropped. Each such change
 * replaces the URL (Back skips it) and is said in a line above the results.
 */
export function resolveSearch(
  search: HomeSearch,
  places: Places,
): { next: HomeSearch; notes: string[] } | null {
  const notes: string[] = []
  let next = search
  if (search.q !== undefined) {
    const { q, ...rest } = search
    const place = placeNamed(places, q)
    next = place
      ? parseHomeSearch({ ...rest, place: place.id })
      : parseHomeSearch({ ...rest, place: undefined, radius: undefined, keywords: q })
    notes.push(place ? `Showing homes in ${place.name}` : `Showing homes with "${q}" in their description`)
  }
  // Without the list (it could not load) a place is not judged.
  if (next.place !== undefined && places.list.length > 0 && !places.byId.has(next.place)) {
    next = parseHomeSearch({ ...next, place: undefined, radius: undefined })
    notes.push(ignoredNote([{ field: 'place' }]))
  }
  return next === search ? null : { next, notes }
}

export { parseHomeSearch }
