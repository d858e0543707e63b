import { createFileRoute, useRouter } from '@tanstack/react-router'
import { LIST_TITLES } from '../components/list-titles'
import { PageHeader } from '../components/page-header'
import { type ListingsFilter, loadListingsView } from '../features/listings/api/get-listings-page'
import { ListingsFeed } from '../features/listings/components/listings-feed'
import { ListingsLoadError } from '../features/listings/components/listings-load-error'
import { SaveToggle } from '../features/saved/components/save-toggle'
import { FilterAndSortLink } from '../features/search/components/filter-and-sort-link'
import { isUnreachable, unlessUnreachable } from '../lib/errors'

const OFFERS: ListingsFilter = { kind: 'offers' }

export const Route = createFileRoute('/offers')({
  // Never an error screen: the device's copy, the server's page, or a sentence of what needs a connection.
  loader: () => unlessUnreachable(loadListingsView(OFFERS)),
  component: Offers,
  errorComponent: OffersError,
})

function Offers() {
  const loaded = Route.useLoaderData()
  if (isUnreachable(loaded)) return <OffersError />
  return (
    <div className="page">
      <PageHeader title={LIST_TITLES.offers} actions={<FilterAndSortLink preset={{ offer: true }} />} />
      <ListingsFeed
        filter={OFFERS}
        initial={loaded}
        emptyText="There are no current offers"
        renderAction={(listing) => <SaveToggle listing={listing} />}
      />
    </div>
  )
}

function OffersError() {
  const router = useRouter()
  return (
    <div className="page">
      <PageHeader title={LIST_TITLES.offers} />
      <ListingsLoadError onRetry={() => void router.invalidate()} />
    </div>
  )
}
