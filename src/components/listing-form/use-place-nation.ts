import { useEffect, useState } from 'react'
import { loadPlaces, type Places } from '../../utils/places'
import type { UkNation } from '../../utils/property-facts'

const NATIONS: Record<string, UkNation> = {
  England: 'england',
  Scotland: 'scotland',
  Wales: 'wales',
  'Northern Ireland': 'northern_ireland',
}

/** The nation of the first of a listing's places that says one (`Hackney, London` through London's). */
export function nationOfPlaces(placeIds: readonly number[], places: Places): UkNation | null {
  for (const id of placeIds) {
    let place = places.byId.get(id)
    for (let hops = 0; place && hops < 6; hops++) {
      const nation = NATIONS[place.label.split(', ').pop() ?? '']
      if (nation) return nation
      place = place.parentId === null ? undefined : places.byId.get(place.parentId)
    }
  }
  return null
}

/**
 * The nation a saved listing is in, from its places (public.listings' place_ids), once the list of places has
 * loaded; null meanwhile, when it cannot load (offline, say) or when no place says.
 */
export function usePlaceNation(placeIds: readonly number[] | undefined): UkNation | null {
  const [nation, setNation] = useState<UkNation | null>(null)
  const key = placeIds?.join(',') ?? ''
  useEffect(() => {
    if (key === '') return
    let current = true
    loadPlaces().then(
      (places) => {
        if (current) setNation(nationOfPlaces(key.split(',').map(Number), places))
      },
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [key])
  return nation
}
