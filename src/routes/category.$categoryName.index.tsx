import { createFileRoute, useRouter } from '@tanstack/react-router'
import { LIST_TITLES } from '../components/list-titles'
import { PageHeader } from '../components/page-header'
import { loadListingsView } from '../features/listings/api/get-listings-page'
import { ListingsFeed } from '../features/listings/components/listings-feed'
import { ListingsLoadError } from '../features/listings/components/listings-load-error'
import { SaveToggle } from '../features/saved/components/save-toggle'
import { FilterAndSortLink } from '../features/search/components/filter-and-sort-link'
import { isUnreachable, unlessUnreachable } from '../lib/errors'
import type { ListingType } from '../types/listing'

const TITLES: Record<ListingType, string> = LIST_TITLES

export const Route = createFileRoute('/category/$categoryName/')({
  // Never an error screen: the device's copy, the server's page, or a sentence of what needs a connection.
  loader: ({ params }) => unlessUnreachable(loadListingsView({ kind: 'type', type: params.categoryName })),
  component: Category,
  errorComponent: CategoryError,
})

function Category() {
  const { categoryName } = Route.useParams()
  const initial = Route.useLoaderData()
  if (isUnreachable(initial)) return <CategoryError />
  return (
    <div className="page">
      <PageHeader
        title={TITLES[categoryName]}
        actions={<FilterAndSortLink preset={{ type: categoryName }} />}
      />
      <ListingsFeed
        key={categoryName}
        filter={{ kind: 'type', type: categoryName }}
        initial={initial}
        emptyText={`No listings for ${categoryName}`}
        renderAction={(listing) => <SaveToggle listing={listing} />}
      />
    </div>
  )
}

function CategoryError() {
  const { categoryName } = Route.useParams()
  const router = useRouter()
  return (
    <div className="page">
      <PageHeader title={TITLES[categoryName]} />
      <ListingsLoadError onRetry={() => void router.invalidate()} />
    </div>
  )
}
