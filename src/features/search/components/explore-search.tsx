import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { parseHomeSearch } from '../../../types/home-search'
import { QueryField } from './query-field'
import './search.css'

/** Explore's search field: Enter opens /search with the text. */
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
        <QueryField value={q} onChange={setQ} />
      </form>
    </search>
  )
}
