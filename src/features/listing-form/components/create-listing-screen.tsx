import { useState } from 'react'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LISTING_VALUES } from '../listing-schema'
import { publishNewListing } from '../publish-listing'
import { ListingForm, type SubmitListing } from './listing-form'
import { useFinishPublish } from './use-finish-publish'

/** Create a Listing: the id is chosen here once, so a retried publish stores one listing, not two. */
export function CreateListingScreen({ userId }: { userId: string }) {
  const [listingId] = useState(() => crypto.randomUUID())
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const finish = useFinishPublish()

  const submit: SubmitListing = async (draft, images) => {
    try {
      const outcome = await publishNewListing(draft, images, { userId, listingId }, (done, total) =>
        setProgress({ done, total }),
      )
      return await finish(outcome)
    } finally {
      setProgress(null)
    }
  }

  return (
    <section className="page" aria-labelledby="create-listing-title">
      <PageHeader id="create-listing-title" title="Create a Listing" />
      <ListingForm
        mode="create"
        initialValues={DEFAULT_LISTING_VALUES}
        onSubmit={submit}
        uploadProgress={progress}
      />
    </section>
  )
}
