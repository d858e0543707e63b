import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { NeedsConnection } from '../../components/needs-connection'
import { PageHeader } from '../../components/page-header'
import { getListingToEdit } from '../../features/edit-listing/api/get-listing-to-edit'
import { EditListingScreen } from '../../features/edit-listing/components/edit-listing-screen'
import { ListingDeleted } from '../../features/edit-listing/components/edit-refused'
import { isUnreachable, type Unreachable, unlessUnreachable } from '../../lib/errors'
import { notify } from '../../lib/toast'
import { isListingId } from '../../utils/listing-id'

/** Spec §6 and §8: only the owner edits a listing; anyone else goes back to Explore with a reason. */
export const EDIT_DENIED = {
  missing: 'Listing does not exist!',
  notOwner: 'You cannot edit that listing',
} as const

export const EDIT_UNAVAILABLE = {
  offline: 'You are offline. Editing a listing needs a connection.',
  failed: 'This listing could not be loaded. Check your connection and try again.',
} as const

const OFFLINE: Unreachable = { unreachable: true }

export const Route = createFileRoute('/_authenticated/edit-listing/$listingId')({
  // An id that is not a UUID names no listing (null): the loader sends it back like any missing one.
  params: {
    parse: ({ listingId }) => ({ listingId: isListingId(listingId) ? listingId : null }),
    stringify: ({ listingId }) => ({ listingId: listingId ?? '' }),
  },
  loader: async ({ params: { listingId }, context, preload }) => {
    const userId = context.user.id
    const refuse = (denied: string) => {
      if (!preload) notify.error(denied)
      return redirect({ to: '/', replace: true })
    }
    if (listingId === null) throw refuse(EDIT_DENIED.missing)
    // Loaded with the screen, not with the app's start (this loader is part of it).
    const [{ editsOf }, { queuedWrites }, { readStoredListing }] = await Promise.all([
      import('../../device/listing-edits'),
      import('../../device/outbox'),
      import('../../device/listings'),
    ])
    const queued = editsOf(await queuedWrites(userId), listingId)
    // Offline (or with no answer) the edit starts from the device's copy, kept when Your Listings loads.
    const fromDevice = async () => {
      const stored = await readStoredListing(listingId)
      return stored && stored.userRef === userId && stored.version !== undefined
        ? { listing: stored, queued }
        : OFFLINE
    }
    if (!navigator.onLine) return fromDevice()
    const listing = await unlessUnreachable(getListingToEdit(listingId))
    if (isUnreachable(listing)) return fromDevice()
    // Deleted elsewhere while an edit of it waited here: the edit ends, the person's text stays to copy.
    const last = queued.at(-1)
    if (!listing && last) return { deleted: last.payload, listingId }
    const denied = !listing ? EDIT_DENIED.missing : listing.userRef !== userId ? EDIT_DENIED.notOwner : null
    if (denied || !listing) throw refuse(denied ?? EDIT_DENIED.missing)
    return { listing, queued }
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
