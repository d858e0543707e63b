import { createFileRoute, useRouter } from '@tanstack/react-router'
import { PageHeader } from '../components/page-header'
import { getListingsPage, type ListingsFilter } from '../features/listings/api/get-listings-page'
import { ListingsFeed } from '../features/listings/components/listings-feed'
import { ListingsLoadError } from '../features/listings/components/listings-load-error'

const OFFERS: ListingsFilter = { kind: 'offers' }

export const Route = createFileRoute('/offers')({
  loader: () => getListingsPage(OFFERS, null),
  component: Offers,
  errorComponent: OffersError,
})

function Offers() {
  const firstPage = Route.useLoaderData()
  return (
    <div className="page">
      <PageHeader title="Offers" />
      <ListingsFeed filter={OFFERS} firstPage={firstPage} emptyText="There are no current offers" />
    </div>
  )
}

function OffersError() {
  const router = useRouter()
  return (
    <div className="page">
      <PageHeader title="Offers" />
      <ListingsLoadError onRetry={() => void router.invalidate()} />
    </div>
  )
}
