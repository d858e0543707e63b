import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { NeedsConnection } from '../../components/needs-connection'
import { PageHeader } from '../../components/page-header'
import { EditListingScreen } from '../../features/edit-listing/components/edit-listing-screen'
import { ListingDeleted } from '../../features/edit-listing/components/edit-refused'
import { isUnreachable } from '../../lib/errors'
import { notify } from '../../lib/toast'
import { isListingId } from '../../utils/listing-id'

export const EDIT_UNAVAILABLE = {
  offline: 'You are offline. Editing a listing needs a connection.',
  failed: 'This listing could not be loaded. Check your connection and try again.',
} as const

export const Route = createFileRoute('/_authenticated/edit-listing/$listingId')({
  // An id that is not a UUID names no listing (null): the loader sends it back like any missing one.
  params: {
    parse: ({ listingId }) => ({ listingId: isListingId(listingId) ? listingId : null }),
    stringify: ({ listingId }) => ({ listingId: listingId ?? '' }),
  },
  loader: async ({ params: { listingId }, context, preload }) => {
    // Loaded with the screen, not with the app's start (this loader is part of it).
    const { loadListingToEdit } = await import('../../features/edit-listing/api/load-listing-to-edit')
    const loaded = await loadListingToEdit(listingId, context.user.id)
    if ('denied' in loaded) {
      if (!preload) notify.error(loaded.denied)
      throw redirect({ to: '/', replace: true })
    }
    return loaded
  },
  // Always read the listing afresh: an edit must start from what is saved now.
  staleTime: 0,
  gcTime: 0,
  component: EditListingRoute,
})

function EditListingRoute() {
  const loaded = Route.useLoaderData()
  const { user } = Route.useRouteContext()
  const router = useRouter()
  if (!loaded) return null
  if (isUnreachable(loaded))
    return (
      <section className="page" aria-labelledby="edit-listing-title">
        <PageHeader id="edit-listing-title" title="Edit Listing" />
        <NeedsConnection {...EDIT_UNAVAILABLE} onRetry={() => void router.invalidate()} />
      </section>
    )
  if ('deleted' in loaded)
    return (
      <section className="page" aria-labelledby="edit-listing-title">
        <PageHeader id="edit-listing-title" title="Edit Listing" />
        <ListingDeleted userId={user.id} listingId={loaded.listingId} edit={loaded.deleted} />
      </section>
    )
  return (
    <EditListingScreen
      key={`${loaded.listing.id}-${loaded.listing.version}-${loaded.queued.length}`}
      listing={loaded.listing}
      userId={user.id}
      queued={loaded.queued}
    />
  )
}
