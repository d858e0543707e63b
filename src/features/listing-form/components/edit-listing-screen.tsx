import { PageHeader } from '@/components/page-header'
import type { Listing } from '@/types/listing'
import { toFormValues } from '../listing-shapes'
import { saveListingEdit } from '../save-listing-edit'
import { ListingForm, type SubmitListing } from './listing-form'
import { useFinishPublish } from './use-finish-publish'

/** Edit Listing: the owner's listing, prefilled; photos stay as they are. */
export function EditListingScreen({ listing }: { listing: Listing }) {
  const finish = useFinishPublish()
  const saved = { location: listing.location, coordinates: listing.geolocation }

  const submit: SubmitListing = async (draft) => finish(await saveListingEdit(draft, listing.id, saved))

  return (
    <section className="page" aria-labelledby="edit-listing-title">
      <PageHeader id="edit-listing-title" title="Edit Listing" />
      <ListingForm
        mode="edit"
        initialValues={toFormValues(listing)}
        onSubmit={submit}
        uploadProgress={null}
      />
    </section>
  )
}
