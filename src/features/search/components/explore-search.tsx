import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { parseHomeSearch } from '../../../types/home-search'
import './search.css'

/** Explore's search field: Enter opens /search with the text. */
export function ExploreSearch() {
  const id = useId()
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate({ to: '/search', search: parseHomeSearch({ q }) })
  }
  return (
    <search className="explore-search">
      <form onSubmit={submit}>
        <label className="visually-hidden" htmlFor={id}>
          Search by place or keyword
        </label>
        <input
          id={id}
          className="field__input"
          type="search"
          enterKeyHint="search"
          placeholder="Search by place or keyword"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </form>
    </search>
  )
}
