import { type FormEvent, type ReactNode, useId, useState } from 'react'
import {
  countFilters,
  type HomeSearch,
  parseHomeSearch,
  SEARCH_SORTS,
  sortOf,
} from '../../../types/home-search'
import { SEARCH_COPY, SORT_LABELS, UNDER_OFFER_LABEL } from '../search-copy'
import { QueryField } from './query-field'

const TYPE_CHOICES = [
  { value: '', label: 'Any' },
  { value: 'rent', label: 'Rent' },
  { value: 'sale', label: 'Sale' },
] as const
const ROOM_CHOICES = [1, 2, 3, 4, 5, 6]
const FLAGS = [
  { key: 'parking', label: 'Parking' },
  { key: 'furnished', label: 'Furnished' },
  { key: 'offer', label: 'Offers only' },
] as const

/** A text field's value while it is typed; follows the URL when the URL changes (Back, Clear filters). */
function useDraft(committed: string): [string, (value: string) => void] {
  const [draft, setDraft] = useState(committed)
  const [seen, setSeen] = useState(committed)
  if (seen !== committed) {
    setSeen(committed)
    setDraft(committed)
  }
  return [draft, setDraft]
}

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value))

type SearchControlsProps = {
  search: HomeSearch
  /** A committed change: the whole new search. */
  onSearch: (next: HomeSearch) => void
}

/**
 * The search's controls. Choices commit at once; typed text commits on Enter or on leaving the field.
 * On a phone the filters fold away behind a Filters button that shows how many are set.
 */
export function SearchControls({ search, onSearch }: SearchControlsProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [q, setQ] = useDraft(text(search.q))
  const [minPrice, setMinPrice] = useDraft(text(search.minPrice))
  const [maxPrice, setMaxPrice] = useDraft(text(search.maxPrice))
  const filterCount = countFilters(search)

  // Typed text goes with every change, so a choice made right after typing never drops what was typed.
  const commit = (patch: Record<string, unknown> = {}) => {
    const next = parseHomeSearch({ ...search, q, minPrice, maxPrice, ...patch })
    if (JSON.stringify(next) !== JSON.stringify(search)) onSearch(next)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    commit()
  }

  return (
    <search>
      <form className="search-controls" onSubmit={submit}>
        <div className="search-controls__query">
          <QueryField value={q} onChange={setQ} onBlur={() => commit()} />
          <button type="submit" className="button button--primary">
            {SEARCH_COPY.submit}
          </button>
        </div>
        <div className="search-controls__bar">
          <button
            type="button"
            className="button button--secondary search-controls__toggle"
            aria-label={filterCount > 0 ? `${SEARCH_COPY.filters}, ${filterCount} set` : SEARCH_COPY.filters}
            aria-expanded={open}
            aria-controls={`${id}-filters`}
            onClick={() => setOpen((value) => !value)}
          >
            {SEARCH_COPY.filters}
            {filterCount > 0 ? (
              <span className="search-controls__count" aria-hidden="true">
                {filterCount}
              </span>
            ) : null}
          </button>
          <label className="search-controls__sort">
            <span>{SEARCH_COPY.sortBy}</span>
            <select
              className="field__input"
              value={sortOf(search)}
              onChange={(event) => commit({ sort: event.target.value })}
            >
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div id={`${id}-filters`} className="search-filters" hidden={!open}>
          <fieldset className="search-filters__type">
            <legend className="field__label">Type</legend>
            {TYPE_CHOICES.map((choice) => (
              <label key={choice.value} className="search-filters__choice">
                <input
                  type="radio"
                  name={`${id}-type`}
                  value={choice.value}
                  checked={(search.type ?? '') === choice.value}
                  onChange={() => commit({ type: choice.value })}
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
          <div className="search-filters__row">
            <PriceField label="Min price" value={minPrice} onChange={setMinPrice} onCommit={() => commit()} />
            <PriceField label="Max price" value={maxPrice} onChange={setMaxPrice} onCommit={() => commit()} />
          </div>
          <div className="search-filters__row">
            <RoomsField
              label="Min bedrooms"
              value={search.minBeds}
              onChange={(minBeds) => commit({ minBeds })}
            />
            <RoomsField
              label="Min bathrooms"
              value={search.minBaths}
              onChange={(minBaths) => commit({ minBaths })}
            />
          </div>
          <div className="search-filters__flags">
            {FLAGS.map((flag) => (
              <label key={flag.key} className="search-filters__choice">
                <input
                  type="checkbox"
                  checked={search[flag.key] === true}
                  onChange={(event) => commit({ [flag.key]: event.target.checked })}
                />
                {flag.label}
              </label>
            ))}
            <label className="search-filters__choice">
              <input
                type="checkbox"
                checked={search.underOffer !== false}
                onChange={(event) => commit({ underOffer: event.target.checked })}
              />
              {UNDER_OFFER_LABEL}
            </label>
          </div>
        </div>
      </form>
    </search>
  )
}

type PriceFieldProps = {
  label: string
  value: string
  onChange: (value: string) => void
  onCommit: () => void
}

/** A filter's label above its control. */
function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  )
}

function PriceField({ label, value, onChange, onCommit }: PriceFieldProps) {
  return (
    <FilterField label={label}>
      {(id) => (
        <input
          id={id}
          className="field__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          placeholder="£"
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[£,\s]/g, ''))}
          onBlur={onCommit}
        />
      )}
    </FilterField>
  )
}

type RoomsFieldProps = { label: string; value: number | undefined; onChange: (value: string) => void }

function RoomsField({ label, value, onChange }: RoomsFieldProps) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select
          id={id}
          className="field__input"
          value={text(value)}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Any</option>
          {ROOM_CHOICES.map((rooms) => (
            <option key={rooms} value={rooms}>{`${rooms}+`}</option>
          ))}
        </select>
      )}
    </FilterField>
  )
}
