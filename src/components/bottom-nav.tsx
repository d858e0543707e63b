import { Link } from '@tanstack/react-router'
import { HeartIcon } from './heart-icon'
import { ExploreIcon, OfferIcon, ProfileIcon } from './icons'

/** The app's main navigation: a tab bar fixed at the bottom on phones, a top bar on wide screens. */
export function BottomNav() {
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
          <Link to="/profile" className="bottom-nav__link">
            <ProfileIcon />
            <span>Profile</span>
          </Link>
        </li>
      </ul>
    </nav>
  )
}
