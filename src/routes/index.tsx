import { createFileRoute } from '@tanstack/react-router'
import { NeedsConnection } from '../components/needs-connection'
import { PageHeader } from '../components/page-header'
import { useStoredView } from '../device/listings'
import { loadRecommendedListings } from '../features/listings/api/get-recommended-listings'
import { CategoryLinks } from '../features/listings/components/category-links'
import { LISTINGS_UNAVAILABLE } from '../features/listings/components/listings-load-error'
import { RecommendedSlider } from '../features/listings/components/recommended-slider'
import { ExploreSearch } from '../features/search/components/explore-search'
import { useShowsHomes } from '../hooks/use-device-data-shown'
import { isUnreachable, unlessUnreachable } from '../lib/errors'

export const Route = createFileRoute('/')({
  // The device's copy or the server's; offline without a copy, Explore still opens (its categories work).
  loader: () => unlessUnreachable(loadRecommendedListings()),
  component: Explore,
})

function Explore() {
  const loaded = Route.useLoaderData()
  const stored = useStoredView('recommended')?.listings
  const recommended = stored ?? (isUnreachable(loaded) ? null : loaded)
  useShowsHomes(recommended !== null && recommended.length > 0)
  return (
    <div className="page">
      <PageHeader title="Explore" />
      <ExploreSearch />
      <section aria-labelledby="recommended-title">
        <h2 id="recommended-title" className="section-title">
          Recommended
        </h2>
        {recommended ? (
          <RecommendedSlider listings={recommended} />
        ) : (
          <NeedsConnection {...LISTINGS_UNAVAILABLE} />
        )}
      </section>
      <section aria-labelledby="categories-title">
        <h2 id="categories-title" className="section-title">
          Categories
        </h2>
        <CategoryLinks />
      </section>
    </div>
  )
}
