import { Link } from '@tanstack/react-router'
import { HeartIcon } from './heart-icon'
import { ExploreIcon, OfferIcon, ProfileIcon } from './icons'

function MessagesIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4V6a1 1 0 0 1 1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * The app's main navigation: a tab bar fixed at the bottom on phones, a top bar on wide screens. `unread`:
 * how many conversations have news, shown on Messages.
 */
export function BottomNav({ unread = 0 }: { unread?: number }) {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul className="bottom-nav__list">
        <li>
          <Link to="/" className="bottom-nav__link" activeOptions={{ exact: true }}>
            <ExploreIcon />
            <span>Explore</span>
          </Link>
        </li>
        <li>
          <Link to="/offers" className="bottom-nav__link">
            <OfferIcon />
            <span>Offers</span>
          </Link>
        </li>
        <li>
          <Link to="/saved" className="bottom-nav__link">
            <HeartIcon />
            <span>Saved</span>
          </Link>
        </li>
        <li>
          <Link to="/messages" className="bottom-nav__link">
            <MessagesIcon />
            {/* The count beside the label, not under it. */}
            <span className="bottom-nav__label">
              <span>Messages</span>
              {unread > 0 ? (
                <span className="nav-badge" data-testid="unread-count">
                  {unread}
                  <span className="visually-hidden"> unread</span>
                </span>
              ) : null}
            </span>
          </Link>
        </li>
        <li>
          <Link to="/profile" className="bottom-nav__link">
            <ProfileIcon />
            <span>Profile</span>
          </Link>
        </li>
      </ul>
    </nav>
  )
}
