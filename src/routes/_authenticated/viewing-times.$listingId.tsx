import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { PageHeader } from '../../components/page-header'
import { ViewingTimesEditor } from '../../features/viewings/components/viewing-times-editor'
import { isListingId } from '../../utils/listing-id'

export const Route = createFileRoute('/_authenticated/viewing-times/$listingId')({
  params: {
    parse: ({ listingId }) => {
      if (!isListingId(listingId)) throw notFound()
      return { listingId }
    },
    stringify: ({ listingId }) => ({ listingId }),
  },
  component: ViewingTimes,
})

/** Viewing times of one of the landlord's listings (the database refuses anyone else's). */
function ViewingTimes() {
  const { user } = Route.useRouteContext()
  const { listingId } = Route.useParams()
  return (
    <section
      key={`${user.id}:${listingId}`}
      className="page page--narrow"
      aria-labelledby="viewing-times-title"
    >
      <PageHeader
        id="viewing-times-title"
        title="Viewing times"
        actions={
          <Link to="/viewings" className="button button--ghost">
            Viewings
          </Link>
        }
      />
      <ViewingTimesEditor listingId={listingId} />
    </section>
  )
}
