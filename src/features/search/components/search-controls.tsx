import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react'
import {
  countFilters,
  type HomeSearch,
  parseHomeSearch,
  SEARCH_SORTS,
  sortOf,
} from '../../../types/home-search'
import type { Place } from '../../../utils/places'
import { SEARCH_COPY, SORT_LABELS } from '../search-copy'
import { PlaceInput } from './place-input'
import { text, useDraft } from './search-draft'

// The place field's suggestions load just after the first render, which draws the field without them.
const PlaceField = lazy(() => import('./place-field'))
// The filters' sheet loads when it is first opened: a search's first screen does without it.
const SearchFilterSheet = lazy(() => import('./search-filter-sheet'))

type SearchControlsProps = {
  search: HomeSearch
  /** The label of the search's place (`Hackney, London`), once the places have loaded. */
  placeLabel?: string | undefined
  /** A committed change: the whole new search. */
  onSearch: (next: HomeSearch) => void
  /** How many homes the search finds, for the sheet's `Show N homes`; null while it is asked. */
  total?: number | null
  /** Shown at the end of the row (the List or Map switch). */
  children?: ReactNode
  /**
   * False for index.html's early drawing (build/first-screen/early-markup.tsx): the field as the first render
   * draws it, before its suggestions' code has come, whatever has loaded by then.
   */
  suggest?: boolean
}

/**
 * The search's controls in one row: the place, Filters (how many are set), the sort and the view. A place picked
 * from the suggestions searches at once; text typed and searched without picking one (Enter, or leaving the
 * field) goes as `q`, which the screen reads as a place or keywords (search-notes.ts). The filters open as a
 * sheet over the results.
 */
export function SearchControls({
  search,
  placeLabel,
  onSearch,
  total = null,
  children,
  suggest = true,
}: SearchControlsProps) {
  const [open, setOpen] = useState(false)
  // The field shows the place, else the keywords it became.
  const shown = search.place === undefined ? text(search.keywords) : (placeLabel ?? '')
  const [typed, setTyped] = useDraft(shown)
  const filterCount = countFilters(search)

  // Typed text goes with every change, so a choice made right after typing never drops what was typed.
  const commit = (patch: Record<string, unknown> = {}) => {
    const text = typed === shown ? {} : { q: typed, place: undefined, radius: undefined, keywords: undefined }
    const next = parseHomeSearch({ ...search, ...text, ...patch })
    if (JSON.stringify(next) !== JSON.stringify(search)) onSearch(next)
  }
  const pick = (place: Place) =>
    onSearch(
      parseHomeSearch({
        ...search,
        q: undefined,
        place: place.id,
        // Keywords the field showed are replaced by the place; those set beside a place stay.
        keywords: search.place === undefined ? undefined : search.keywords,
      }),
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    commit()
  }

  return (
    <search>
      <form className="search-controls" onSubmit={submit}>
        {suggest ? (
          <Suspense fallback={<PlaceInput value={typed} onChange={setTyped} onBlur={() => commit()} />}>
            <PlaceField value={typed} onChange={setTyped} onPick={pick} onBlur={() => commit()} />
          </Suspense>
        ) : (
          <PlaceInput value={typed} onChange={setTyped} />
        )}
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
        <label className="search-controls__sort">
          <span className="visually-hidden">{SEARCH_COPY.sortBy}</span>
          <select value={sortOf(search)} onChange={(event) => commit({ sort: event.target.value })}>
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        {children}
      </form>
      {open ? (
        <Suspense fallback={null}>
          <SearchFilterSheet search={search} total={total} onCommit={commit} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </search>
  )
}
