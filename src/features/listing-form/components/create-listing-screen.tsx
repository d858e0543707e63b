import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { PageHeader } from '../../../components/page-header'
import { notify } from '../../../lib/toast'
import type { OpenedDraft } from '../drafts/api/keep-draft'
import { DRAFT_MESSAGES } from '../drafts/draft-messages'
import { DEFAULT_LISTING_VALUES, type ListingFormValues } from '../listing-schema'
import { publishNewListing } from '../publish-listing'
import { ListingForm, type SubmitListing } from './listing-form'
import { useFinishPublish } from './use-finish-publish'

const draftValues = ({ images: _photos, ...values }: ListingFormValues) => values

/**
 * Create a Listing: the id is chosen here once (or is the draft's), so a retried publish stores one listing,
 * not two. Offline, or when asked, the listing is kept as a draft that publishes once online.
 */
export function CreateListingScreen({ userId, draft }: { userId: string; draft?: OpenedDraft | null }) {
  const [listingId] = useState(() => draft?.id ?? crypto.randomUUID())
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const finish = useFinishPublish()
  const navigate = useNavigate()

  const keepAsDraft = async (values: ListingFormValues, images: File[]) => {
    const { keepDraft } = await import('../drafts/api/keep-draft')
    const refused = await keepDraft({
      id: listingId,
      ownerId: userId,
      values: draftValues(values),
      photos: images,
    })
    if (refused) {
      notify.error(refused)
      return
    }
    notify.success(navigator.onLine ? DRAFT_MESSAGES.savedOnline : DRAFT_MESSAGES.saved)
    await navigate({ to: '/profile' })
  }

  const submit: SubmitListing = async (listing, images, values) => {
    // Offline, or sending a draft again: the draft's job publishes it (in order, resumable, once).
    if (!navigator.onLine || draft) {
      await keepAsDraft(values, images)
      return undefined
    }
    try {
      const outcome = await publishNewListing(listing, images, { userId, listingId }, (done, total) =>
        setProgress({ done, total }),
      )
      if (outcome.status === 'failed' && !navigator.onLine) {
        await keepAsDraft(values, images)
        return undefined
      }
      return await finish(outcome)
    } finally {
      setProgress(null)
    }
  }

  return (
    <section className="page" aria-labelledby="create-listing-title">
      <PageHeader id="create-listing-title" title="Create a Listing" />
      {draft?.reason ? (
        <p className="listing-form__notice" role="alert">
          Needs attention: {draft.reason}
        </p>
      ) : null}
      <ListingForm
        mode="create"
        initialValues={draft ? { ...draft.values, images: [] } : DEFAULT_LISTING_VALUES}
        {...(draft ? { initialFiles: draft.photos } : {})}
        onSubmit={submit}
        onSaveDraft={keepAsDraft}
        uploadProgress={progress}
      />
    </section>
  )
}
