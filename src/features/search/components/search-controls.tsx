import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react'
import {
  countFilters,
  type HomeSearch,
  parseHomeSearch,
  SEARCH_SORTS,
  sortOf,
} from '../../../types/home-search'
import { SEARCH_COPY, SORT_LABELS } from '../search-copy'
import { QueryField } from './query-field'
import { text, useDraft } from './search-draft'

// The filters' sheet loads when it is first opened: a search's first screen does without it.
const SearchFilterSheet = lazy(() => import('./search-filter-sheet'))

type SearchControlsProps = {
  search: HomeSearch
  /** A committed change: the whole new search. */
  onSearch: (next: HomeSearch) => void
  /** How many homes the search finds, for the sheet's `Show N homes`; null while it is asked. */
  total?: number | null
  /** Shown at the end of the sort's row (the List and Map switch). */
  children?: ReactNode
}

/**
 * The search's controls in two short rows: the place with Filters (how many are set), then Sort by with the
 * view. Typed text commits on Enter or on leaving the field; the filters open as a sheet over the results.
 */
export function SearchControls({ search, onSearch, total = null, children }: SearchControlsProps) {
  const [open, setOpen] = useState(false)
  const [q, setQ] = useDraft(text(search.q))
  const filterCount = countFilters(search)

  // Typed text goes with every change, so a choice made right after typing never drops what was typed.
  const commit = (patch: Record<string, unknown> = {}) => {
    const next = parseHomeSearch({ ...search, q, ...patch })
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
          <button
            type="button"
            className="button button--secondary search-controls__toggle"
            aria-label={filterCount > 0 ? `${SEARCH_COPY.filters}, ${filterCount} set` : SEARCH_COPY.filters}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            {SEARCH_COPY.filters}
            {filterCount > 0 ? (
              <span className="search-controls__count" aria-hidden="true">
                {filterCount}
              </span>
            ) : null}
          </button>
        </div>
        <div className="search-controls__bar">
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
          {children}
        </div>
      </form>
      {open ? (
        <Suspense fallback={null}>
          <SearchFilterSheet search={search} total={total} onCommit={commit} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </search>
  )
}
