import { Link } from '@tanstack/react-router'
import './saved-views.css'

/** The Saved tab's two views, `Homes` and `Searches`, as links: each has its own address, and Back walks them. */
export function SavedViews({ current }: { current: 'homes' | 'searches' }) {
  return (
    <nav className="saved-views" aria-label="Saved">
      {/* A link is active where its search is part of the address's: Homes' (none) is part of every one,
          so each link says the view it is, and undefined counts. */}
      <Link
        to="/saved"
        search={{ view: undefined }}
        activeOptions={{ explicitUndefined: true }}
        className="saved-views__link"
        aria-current={current === 'homes' ? 'page' : undefined}
      >
        Homes
      </Link>
      <Link
        to="/saved"
        search={{ view: 'searches' }}
        className="saved-views__link"
        aria-current={current === 'searches' ? 'page' : undefined}
      >
        Searches
      </Link>
    </nav>
  )
}
