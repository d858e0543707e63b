import { Link } from '@tanstack/react-router'
import './explore.css'

const CATEGORIES = [
  { type: 'rent', title: 'Places for Rent', image: '/images/category-rent.svg' },
  { type: 'sale', title: 'Places for Sale', image: '/images/category-sale.svg' },
] as const

/** The Categories block on Explore: one tile per listing type. */
export function CategoryLinks() {
  return (
    <ul className="category-links">
      {CATEGORIES.map((category) => (
        <li key={category.type}>
          <Link
            to="/category/$categoryName"
            params={{ categoryName: category.type }}
            className="category-link"
          >
            <img src={category.image} alt="" width={320} height={200} loading="lazy" decoding="async" />
            <span className="category-link__title">{category.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
