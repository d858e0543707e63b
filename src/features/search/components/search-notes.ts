import { useEffect, useRef, useState } from 'react'
import type { HomeSearch } from '../../../types/home-search'
import type { Places } from '../../../utils/places'

const placesCode = () => import('../../../utils/places')
// The notes' words and rules load only when a search has something to say.
const notesCode = () => import('./search-notes-text')

/** The fields whose trouble a link's note says. */
const NOTED = [
  'place',
  'radius',
  'keywords',
  'area',
  'propertyType',
  'minArea',
  'epc',
  'pets',
  'bills',
  'availableBy',
] as const

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
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

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
    if (!NOTED.some((field) => link[field] !== undefined)) return
    // The router may write the URL it read (without the bad fields) before the code comes: the note still
    // stands, unless the screen has gone.
    void notesCode().then(({ ignoredFields, ignoredNote, parseHomeSearch }) => {
      const ignored = ignoredFields(link)
      if (!mounted.current || ignored.length === 0) return
      const read = parseHomeSearch(link)
      setNotes({ key: keyOf(read), lines: [ignoredNote(ignored)] })
      replace.current(read)
    })
  }, [linkKey])

  useEffect(() => {
    if (!places) return
    let live = true
    void notesCode().then(({ resolveSearch }) => {
      const resolved = resolveSearch(search, places)
      if (!live || !resolved) return
      setNotes((current) => ({
        key: keyOf(resolved.next),
        lines: [...(current?.key === keyOf(search) ? current.lines : []), ...resolved.notes],
      }))
      replace.current(resolved.next)
    })
    return () => {
      live = false
    }
  }, [search, places])

  const place = search.place === undefined ? undefined : places?.byId.get(search.place)
  return {
    placeLabel: place?.label,
    /** Whether the search waits to be resolved (its text read as a place or keywords). */
    resolving: search.q !== undefined,
    notes: notes?.key === keyOf(search) ? notes.lines : [],
  }
}
