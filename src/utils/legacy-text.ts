import type { HomeSearch } from '../types/home-search'

/**
 * A search whose legacy text (`q`: old links and saved searches, text searched without picking a place) is read
 * as the place it names when exactly one place has that name, else as keywords (places.ts placeNamed): the rule
 * the server applied once to saved searches. The places load only for such a search.
 */
export async function withoutLegacyText<S extends Pick<HomeSearch, 'q' | 'place' | 'keywords'>>(
  search: S,
): Promise<Omit<S, 'q'>> {
  const { q, ...rest } = search
  if (typeof q !== 'string' || q === '') return rest
  if (rest.place !== undefined || rest.keywords) return rest
  const { loadPlaces, placeNamed } = await import('./places')
  const place = placeNamed(await loadPlaces(), q)
  return place ? { ...rest, place: place.id } : { ...rest, keywords: q }
}
