import { useEffect, useRef, useState } from 'react'
import {
  type HomeSearch,
  type IgnoredField,
  ignoredFields,
  parseHomeSearch,
} from '../../../types/home-search'
import type { Places } from '../../../utils/places'

const placesCode = () => import('../../../utils/places')

/** What the screen says about a link's field it could not use. */
const IGNORED: Record<IgnoredField['field'], string> = {
  place: 'the place (Roost knows no place by that id)',
  radius: 'the distance (Within offers ¼ mile to 40 miles, around a place)',
  keywords: 'the keywords (longer than 100 characters)',
  area: 'the drawn area',
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
    field.field === 'area' ? AREA_PROBLEMS[field.problem] : IGNORED[field.field],
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
  placeNamed: (places: Places, text: string) => { id: number; name: string } | null,
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

const keyOf = (search: HomeSearch) => JSON.stringify(search)

type Notes = { key: string; lines: string[] }

/**
 * The screen's notes about its search and the label of its place: loads the places when the search has a
 * place or text to read (never for a search without), and replaces the URL with the search it resolves to.
 * `link` is the URL's fields as given, whose dropped fields are said too. A note shows while the search it was
 * made for is the one on screen.
 */
export function useSearchNotes(
  search: HomeSearch,
  link: Record<string, unknown>,
  onReplace: (next: HomeSearch) => void,
) {
  const [places, setPlaces] = useState<Places | null>(null)
  const [notes, setNotes] = useState<Notes | null>(null)
  const needsPlaces = search.q !== undefined || search.place !== undefined
  const replace = useRef(onReplace)
  replace.current = onReplace

  useEffect(() => {
    if (!needsPlaces || places) return
    let live = true
    void placesCode()
      .then(({ loadPlaces }) => loadPlaces())
      // Offline before the list was ever loaded: text becomes keywords, and a place stays unjudged.
      .catch((): Places => ({ list: [], byId: new Map() }))
      .then((loaded) => {
        if (live) setPlaces(loaded)
      })
    return () => {
      live = false
    }
  }, [needsPlaces, places])

  // The fields the router dropped from the link: said once, and the URL written without them (the search
  // read from the link itself: the screen's may still be the one before).
  const linkKey = JSON.stringify(link)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per link.
  useEffect(() => {
    const ignored = ignoredFields(link)
    if (ignored.length === 0) return
    const read = parseHomeSearch(link)
    setNotes({ key: keyOf(read), lines: [ignoredNote(ignored)] })
    replace.current(read)
  }, [linkKey])

  useEffect(() => {
    if (!places) return
    void placesCode().then(({ placeNamed }) => {
      const resolved = resolveSearch(search, places, placeNamed)
      if (!resolved) return
      setNotes((current) => ({
        key: keyOf(resolved.next),
        lines: [...(current?.key === keyOf(search) ? current.lines : []), ...resolved.notes],
      }))
      replace.current(resolved.next)
    })
  }, [search, places])

  const place = search.place === undefined ? undefined : places?.byId.get(search.place)
  return {
    placeLabel: place?.label,
    /** Whether the search waits to be resolved (its text read as a place or keywords). */
    resolving: search.q !== undefined,
    notes: notes?.key === keyOf(search) ? notes.lines : [],
  }
}
