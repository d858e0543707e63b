import { createFileRoute, redirect } from '@tanstack/react-router'
import { getListingToEdit } from '../../features/listing-form/api/get-listing-to-edit'
import { EditListingScreen } from '../../features/listing-form/components/edit-listing-screen'
import { notify } from '../../lib/toast'

/** Spec §6 and §8: only the owner edits a listing; anyone else goes back to Explore with a reason. */
export const EDIT_DENIED = {
  missing: 'Listing does not exist!',
  notOwner: 'You cannot edit that listing',
} as const

export const Route = createFileRoute('/_authenticated/edit-listing/$listingId')({
  loader: async ({ params, context, preload }) => {
    const listing = await getListingToEdit(params.listingId)
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
  if (!listing) return null
  return <EditListingScreen key={listing.id} listing={listing} />
}
