import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, lazy, Suspense, useState } from 'react'
import { parseHomeSearch } from '../../../types/home-search'
import { PlaceInput } from './place-input'
import './search.css'

// The suggestions' code loads just after the first render, which draws the field without them.
const PlaceField = lazy(() => import('./place-field'))

/**
 * Explore's search field: a place picked from its suggestions opens /search in that place; text searched
 * without picking one opens /search with the text, which the search reads as a place or keywords.
 */
export function ExploreSearch() {
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate({ to: '/search', search: parseHomeSearch({ q }) })
  }
  return (
    <search className="explore-search">
      <form onSubmit={submit}>
        <Suspense fallback={<PlaceInput value={q} onChange={setQ} />}>
          <PlaceField
            value={q}
            onChange={setQ}
            onPick={(place) => void navigate({ to: '/search', search: { place: place.id } })}
          />
        </Suspense>
      </form>
    </search>
  )
}
