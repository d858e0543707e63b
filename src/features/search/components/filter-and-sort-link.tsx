import { Link } from '@tanstack/react-router'
import { FILTER_AND_SORT } from '../../../components/list-titles'
import type { HomeSearch } from '../../../types/home-search'
import './search.css'

/** Opens /search with a list's own filter (its type, or offers) already set. */
export function FilterAndSortLink({ preset }: { preset: Pick<HomeSearch, 'type' | 'offer'> }) {
  return (
    <Link to="/search" search={preset} className="button button--secondary filter-and-sort">
      {FILTER_AND_SORT}
    </Link>
  )
}
