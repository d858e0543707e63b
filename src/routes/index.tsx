import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../components/page-header'
import { useStoredView } from '../device/listings'
import { loadRecommendedListings } from '../features/listings/api/get-recommended-listings'
import { CategoryLinks } from '../features/listings/components/category-links'
import { RecommendedSlider } from '../features/listings/components/recommended-slider'

export const Route = createFileRoute('/')({
  loader: () => loadRecommendedListings(),
  component: Explore,
})

function Explore() {
  const loaded = Route.useLoaderData()
  const recommended = useStoredView('recommended')?.listings ?? loaded
  return (
    <div className="page">
      <PageHeader title="Explore" />
      <section aria-labelledby="recommended-title">
        <h2 id="recommended-title" className="section-title">
          Recommended
        </h2>
        <RecommendedSlider listings={recommended} />
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
