import { useNavigate, useRouter } from '@tanstack/react-router'
import { useMemo, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { ChoiceToggle } from '../../../components/choice-toggle'
import { ListingForm, type SubmitListing } from '../../../components/listing-form/listing-form'
import type { ListingFormValues } from '../../../components/listing-form/listing-schema'
import { useFinishPublish } from '../../../components/listing-form/use-finish-publish'
import { usePlaceNation } from '../../../components/listing-form/use-place-nation'
import { PageHeader } from '../../../components/page-header'
import { editsOf, type ListingEditEntry, pendingView } from '../../../device/listing-edits'
import { useOutbox } from '../../../device/outbox'
import { notify } from '../../../lib/toast'
import type { Listing } from '../../../types/listing'
import { EDIT_REFUSALS, type EditFields, photoUrls } from '../../../types/listing-edit'
import { type ListingStatus, statusesFor, statusForType } from '../../../types/listing-status'
import { withFields } from '../../../utils/listing-fields'
import { statusLabel } from '../../../utils/market-status'
import { EDIT_MESSAGES } from '../edit-messages'
import { toFormValues } from '../form-values'
import { EditConflict } from './edit-conflict'
import { EditPhotos } from './edit-photos'
import { EditRefused, ListingDeleted } from './edit-refused'
import { type Elsewhere, useChangedElsewhere } from './use-changed-elsewhere'
import { useEditPhotos } from './use-edit-photos'

/**
 * Edit Listing: the owner's listing, prefilled with the edits still waiting laid over it. Fields, status and
 * photos change together; saving keeps the edit on the device and, online, sends it at once. While an edit
 * waits the screen says `Waiting to sync`; one the server refused shows why, and what the person can do.
 */
export function EditListingScreen({
  listing,
  userId,
  queued,
}: {
  listing: Listing
  userId: string
  queued: ListingEditEntry[]
}) {
  const entries = useOutbox(userId)
  const live = editsOf(entries, listing.id)
  const refused = live.find((entry) => entry.state === 'refused')
  const waiting = live.length > 0 && !refused

  return (
    <section className="page" aria-labelledby="edit-listing-title">
      <PageHeader id="edit-listing-title" title="Edit Listing" />
      {waiting ? (
        <p className="listing-form__waiting" role="status">
          {EDIT_MESSAGES.waiting}
        </p>
      ) : null}
      {refused ? (
        <Refusal entry={refused} listing={listing} userId={userId} />
      ) : (
        <EditForm listing={listing} userId={userId} queued={queued} />
      )}
    </section>
  )
}

function Refusal({ entry, listing, userId }: { entry: ListingEditEntry; listing: Listing; userId: string }) {
  const edit = entry.payload
  if (entry.reason === EDIT_REFUSALS.deleted)
    return <ListingDeleted userId={userId} listingId={listing.id} edit={edit} />
  if (entry.reason === EDIT_REFUSALS.conflict)
    return (
      <EditConflict key={`${entry.id}-${edit.version}`} entry={entry} userId={userId} listing={listing} />
    )
  return <EditRefused entry={entry} userId={userId} />
}

/** The address and place an edit starts from. */
const placeOf = (fields: EditFields) => ({
  location: fields.location,
  coordinates:
    fields.latitude !== null && fields.longitude !== null
      ? { lat: fields.latitude, lng: fields.longitude }
      : null,
})

type EditFormProps = { listing: Listing; userId: string; queued: ListingEditEntry[] }

function EditForm({ listing, userId, queued }: EditFormProps) {
  const finish = useFinishPublish()
  const navigate = useNavigate()
  const start = useMemo(() => pendingView(listing, queued), [listing, queued])
  const initialValues = useMemo(
    () => toFormValues(withFields(listing, start.fields, photoUrls(start.photos))),
    [listing, start],
  )
  const [status, setStatus] = useState<ListingStatus>(start.fields.status)
  const [type, setType] = useState(start.fields.type)
  const photos = useEditPhotos(start.photos, userId, listing.id)
  const nation = usePlaceNation(listing.placeIds)
  const router = useRouter()
  // What the person has typed, and whether this screen is saving: a change heard meanwhile is its own.
  const typed = useRef(false)
  const saving = useRef(false)
  const formArea = useRef<HTMLDivElement>(null)
  const elsewhere = useChangedElsewhere({
    listing,
    start,
    edited: () => typed.current || status !== start.fields.status || photos.touched(),
    saving,
    reload: () => void router.invalidate(),
  })

  const submit: SubmitListing = async (draft) => {
    const chosen = photos.chosen()
    if (!chosen) return undefined
    saving.current = true
    try {
      return await save(draft, chosen)
    } finally {
      saving.current = false
    }
  }

  const save = async (
    draft: Parameters<SubmitListing>[0],
    chosen: NonNullable<ReturnType<typeof photos.chosen>>,
  ) => {
    const { saveEdit } = await import('../api/save-edit')
    const outcome = await saveEdit({
      userId,
      seen: listing,
      queued,
      draft,
      status,
      ...chosen,
      before: placeOf(start.fields),
    })
    if (outcome.status === 'refused') return undefined
    if (outcome.status === 'kept') {
      notify.info(outcome.message)
      await navigate({ to: '/profile' })
      return undefined
    }
    return finish(outcome)
  }

  const statusChoices = statusesFor(type).map((value) => ({ value, label: statusLabel(value) }))

  return (
    <div ref={formArea}>
      <ChangedElsewhere
        heard={elsewhere}
        onCompare={() => formArea.current?.querySelector('form')?.requestSubmit()}
        onClose={() => void navigate({ to: '/profile' })}
      />
      <ListingForm
        mode="edit"
        initialValues={initialValues}
        nation={nation}
        onValuesChange={(values) => {
          typed.current = !sameValues(values, initialValues)
        }}
        onSubmit={submit}
        uploadProgress={null}
        onTypeChange={(next) => {
          setType(next)
          setStatus((current) => statusForType(current, next))
        }}
        afterType={
          <ChoiceToggle legend="Status" choices={statusChoices} value={status} onChange={setStatus} />
        }
        photos={
          photos.photos ? (
            <EditPhotos
              photos={photos.photos}
              onChange={photos.change}
              onAdd={(files) => void photos.add(files)}
              error={photos.error}
            />
          ) : null
        }
      />
    </div>
  )
}

/** The form's values as typed, photos apart (the edit's photos say whether they were touched). */
const sameValues = (a: ListingFormValues, b: ListingFormValues) =>
  JSON.stringify({ ...a, images: [] }) === JSON.stringify({ ...b, images: [] })

/**
 * The listing changed on another phone or tab, or a moderator's decision moved it, while the person typed
 * here: nothing they typed is replaced. Compare saves their change, which the server refuses as made on an
 * older version, and the conflict view shows each difference to choose from, as after an offline edit. A
 * listing deleted meanwhile is said so, with the person's text left in the form to copy.
 */
function ChangedElsewhere({
  heard,
  onCompare,
  onClose,
}: {
  heard: Elsewhere
  onCompare: () => void
  onClose: () => void
}) {
  if (heard === 'none') return null
  return (
    <div className="listing-form__notice" role="alert">
      <h2 className="section-title">
        {heard === 'deleted' ? EDIT_MESSAGES.deleted : EDIT_MESSAGES.conflict}
      </h2>
      <p>{heard === 'deleted' ? EDIT_MESSAGES.deletedHelp : EDIT_MESSAGES.changedElsewhereHelp}</p>
      {heard === 'deleted' ? (
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      ) : (
        <Button variant="secondary" onClick={onCompare}>
          Compare
        </Button>
      )}
    </div>
  )
}
