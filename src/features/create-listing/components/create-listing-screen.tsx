import { useState } from 'react'
import { ListingForm, type SubmitListing } from '../../../components/listing-form/listing-form'
import {
  DEFAULT_LISTING_VALUES,
  type ListingFormValues,
} from '../../../components/listing-form/listing-schema'
import { useFinishPublish } from '../../../components/listing-form/use-finish-publish'
import { PageHeader } from '../../../components/page-header'
import { useDraft } from '../../../device/drafts'
import { notify } from '../../../lib/toast'
import type { OpenedDraft } from '../api/open-draft'
import { DRAFT_MESSAGES } from '../draft-messages'

/**
 * Create a Listing: the listing is kept on the device (its id chosen here once, or the draft's) and, online,
 * sent at once by the draft's publish job. It stays a draft only offline, when the connection drops on the
 * way, or on request ('Save as draft'); a refusal shows its reasons here with everything as typed, and leaves
 * no draft the person did not make.
 */
export function CreateListingScreen({ userId, draft }: { userId: string; draft?: OpenedDraft | null }) {
  const [listingId] = useState(() => draft?.id ?? crypto.randomUUID())
  const [sending, setSending] = useState(false)
  const finish = useFinishPublish()
  const kept = useDraft(listingId)
  const progress =
    sending && kept && kept.progress.total > 0
      ? { done: kept.progress.uploaded, total: kept.progress.total }
      : null

  const keep = async (values: ListingFormValues, images: File[], announce: boolean) => {
    const { keepDraft } = await import('../api/keep-draft')
    const refused = await keepDraft({ id: listingId, ownerId: userId, values, photos: images }, { announce })
    if (refused) notify.error(refused)
    return refused === null
  }

  const saveAsDraft = async (values: ListingFormValues, images: File[]) => {
    if (!(await keep(values, images, true))) return
    await finish({
      status: 'kept',
      message: navigator.onLine ? DRAFT_MESSAGES.savedOnline : DRAFT_MESSAGES.saved,
    })
  }

  const submit: SubmitListing = async (_listing, images, values) => {
    const online = navigator.onLine
    if (!(await keep(values, images, !online))) return undefined
    if (!online) return finish({ status: 'kept', message: DRAFT_MESSAGES.saved })
    setSending(true)
    try {
      const { sendDraft } = await import('../api/send-draft')
      return await finish(await sendDraft(listingId, userId, { keepIfRefused: draft != null }))
    } finally {
      setSending(false)
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
        {...(draft ? { initialFiles: draft.photos, initialErrors: draft.errors } : {})}
        onSubmit={submit}
        onSaveDraft={saveAsDraft}
        uploadProgress={progress}
      />
    </section>
  )
}
