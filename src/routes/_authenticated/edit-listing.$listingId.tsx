import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { NeedsConnection } from '@/components/needs-connection'
import { PageHeader } from '@/components/page-header'
import { getListingToEdit } from '@/features/listing-form/api/get-listing-to-edit'
import { EditListingScreen } from '@/features/listing-form/components/edit-listing-screen'
import { isUnreachable, type Unreachable, unlessUnreachable } from '@/lib/errors'
import { notify } from '@/lib/toast'

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
  loader: async ({ params, context, preload }) => {
    // An edit starts from what the server holds now: offline it says so at once instead of waiting.
    if (!navigator.onLine) return OFFLINE
    const listing = await unlessUnreachable(getListingToEdit(params.listingId))
    if (isUnreachable(listing)) return listing
    const denied = !listing
      ? EDIT_DENIED.missing
      : listing.userRef !== context.user.id
        ? EDIT_DENIED.notOwner
        : null
    if (denied) {
      if (!preload) notify.error(denied)
      throw redirect({ to: '/', replace: true })
    }
    return listing
  },
  // Always read the listing afresh: an edit must start from what is saved now.
  staleTime: 0,
  gcTime: 0,
  component: EditListingRoute,
})

function EditListingRoute() {
  const listing = Route.useLoaderData()
  const router = useRouter()
  if (!listing) return null
  if (isUnreachable(listing))
    return (
      <section className="page" aria-labelledby="edit-listing-title">
        <PageHeader id="edit-listing-title" title="Edit Listing" />
        <NeedsConnection {...EDIT_UNAVAILABLE} onRetry={() => void router.invalidate()} />
      </section>
    )
  return <EditListingScreen key={listing.id} listing={listing} />
}
