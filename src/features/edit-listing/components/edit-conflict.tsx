import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Button } from '../../../components/button'
import { ChoiceToggle } from '../../../components/choice-toggle'
import { useFinishPublish } from '../../../components/listing-form/use-finish-publish'
import { Spinner } from '../../../components/spinner'
import { dropEdits, type ListingEditEntry } from '../../../device/listing-edits'
import { mirrorListings } from '../../../device/listings'
import { resendWith } from '../../../device/outbox'
import { useOnlineStatus } from '../../../hooks/use-online-status'
import { notify } from '../../../lib/toast'
import type { Listing } from '../../../types/listing'
import type { EditFields, EditPhoto } from '../../../types/listing-edit'
import { statusLabel } from '../../../utils/market-status'
import { factsOfColumns } from '../../../utils/property-fact-columns'
import { propertyFactRows } from '../../../utils/property-facts'
import { EDIT_MESSAGES } from '../edit-messages'
import { type DiffField, type EditDiff, editDiffs, type Side, settleEdit } from '../edit-rules'
import { ListingDeleted } from './edit-refused'

const LABELS: Record<DiffField, string> = {
  type: 'Sell / Rent',
  status: 'Status',
  name: 'Name',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  parking: 'Parking spot',
  furnished: 'Furnished',
  location: 'Address',
  description: 'Description',
  price: 'Price',
  propertyType: 'Property type',
  floorArea: 'Floor area',
  epc: 'EPC rating',
  councilTax: 'Council tax band',
  tenure: 'Tenure',
  deposit: 'Deposit',
  available: 'Available from',
  minTenancy: 'Minimum tenancy',
  billsIncluded: 'Bills included',
  petsConsidered: 'Pets considered',
  photos: 'Photos',
}

/** The facts' differences, in the listing page's words (`Band C`, `62 m² (667 sq ft)`, `Not provided`). */
const FACT_GROUPS: Partial<Record<DiffField, 'rent' | 'sale'>> = {
  propertyType: 'rent',
  floorArea: 'rent',
  epc: 'rent',
  councilTax: 'rent',
  tenure: 'sale',
  deposit: 'rent',
  available: 'rent',
  minTenancy: 'rent',
  billsIncluded: 'rent',
  petsConsidered: 'rent',
}

/** A fact group's value as the listing page says it: its row, and for a tenure its lease's rows. */
function describeFact(field: DiffField, type: 'rent' | 'sale', value: Partial<EditFields>): string {
  const rows = propertyFactRows(type, factsOfColumns(value))
  const first = rows.findIndex((row) => row.term === LABELS[field])
  if (first < 0) return ''
  const shown = field === 'tenure' ? rows.slice(first) : [rows[first]]
  return shown
    .flatMap((row) => (row ? [row.term === LABELS[field] ? row.value : `${row.term} ${row.value}`] : []))
    .join(', ')
}

const money = (n: number | null | undefined) => (n == null ? '' : `£${n.toLocaleString('en-GB')}`)
const yesNo = (value: unknown) => (value ? 'Yes' : 'No')

/** One side of a difference in words. */
function describe(field: DiffField, value: Partial<EditFields> | EditPhoto[] | string[]): string {
  if (Array.isArray(value)) return value.length === 1 ? '1 photo' : `${value.length} photos`
  const factType = FACT_GROUPS[field]
  if (factType) return describeFact(field, factType, value)
  switch (field) {
    case 'type':
      return value.type === 'sale' ? 'Sell' : 'Rent'
    case 'status':
      return value.status ? statusLabel(value.status) : ''
    case 'parking':
      return yesNo(value.parking)
    case 'furnished':
      return yesNo(value.furnished)
    case 'price':
      return value.offer
        ? `${money(value.regular_price)}, offer ${money(value.discounted_price)}`
        : money(value.regular_price)
    case 'description':
      return value.description || '(none)'
    default:
      return String(value[field as keyof EditFields] ?? '')
  }
}

type Server = Awaited<ReturnType<typeof import('../api/send-listing-edit')['readServerListing']>>

/**
 * The listing changed on the server after the edit started: the person's value and the server's, side by side
 * for every difference, and a choice for each. What they choose is sent with the server's version.
 */
export function EditConflict({
  entry,
  userId,
  listing,
}: {
  entry: ListingEditEntry
  userId: string
  listing: Listing
}) {
  const online = useOnlineStatus()
  const router = useRouter()
  const finish = useFinishPublish()
  const edit = entry.payload
  const [server, setServer] = useState<Server | undefined>()
  const [failed, setFailed] = useState(false)
  const [choices, setChoices] = useState<Partial<Record<DiffField, Side>>>({})
  const [sending, setSending] = useState(false)

  useEffect(() => {
    if (!online) return
    let current = true
    import('../api/send-listing-edit')
      .then(({ readServerListing }) => readServerListing(listing.id))
      .then(
        (found) => current && setServer(found),
        () => current && setFailed(true),
      )
    return () => {
      current = false
    }
  }, [online, listing.id])

  if (!online) return <p className="empty-state">{EDIT_MESSAGES.conflictOffline}</p>
  if (failed) return <p className="empty-state">{EDIT_MESSAGES.conflictOffline}</p>
  if (server === undefined) return <Spinner size="small" />
  if (server === null) return <ListingDeleted userId={userId} listingId={listing.id} edit={edit} />

  const diffs: EditDiff[] = editDiffs(edit, server)
  const chosen = (diff: EditDiff) => choices[diff.field] ?? diff.preferred

  const send = async () => {
    if (entry.seq === undefined || sending) return
    setSending(true)
    try {
      const settled = settleEdit(edit, server, choices)
      if (Object.keys(settled.changes).length === 0 && settled.photos === null) {
        // Theirs throughout: nothing left to send.
        await dropEdits([{ ...entry, payload: settled }])
        await mirrorListings([server.listing])
        await finish({ status: 'published', listingId: listing.id, type: server.fields.type })
        return
      }
      await resendWith({ ...entry, payload: settled })
      const { sendQueuedEdits } = await import('../api/send-listing-edit')
      await sendQueuedEdits(userId)
      const { outboxStore } = await import('../../../device/outbox')
      const left = (await outboxStore().pending(userId)).filter((other) => other.thing === entry.thing)
      if (left.length === 0)
        await finish({ status: 'published', listingId: listing.id, type: server.fields.type })
    } finally {
      setSending(false)
    }
  }

  const discard = async () => {
    await dropEdits([entry])
    await mirrorListings([server.listing])
    notify.info('Your change was discarded')
    await router.invalidate()
  }

  return (
    <div className="form form--card listing-form">
      <div className="listing-form__notice" role="alert">
        <h2 className="section-title">{EDIT_MESSAGES.conflict}</h2>
        <p>{EDIT_MESSAGES.conflictHelp}</p>
      </div>
      {diffs.map((diff) => (
        <ChoiceToggle
          key={diff.field}
          legend={LABELS[diff.field]}
          choices={[
            { value: 'mine', label: `Mine: ${describe(diff.field, diff.mine)}` },
            { value: 'theirs', label: `Theirs: ${describe(diff.field, diff.theirs)}` },
          ]}
          value={chosen(diff)}
          onChange={(side) => setChoices((current) => ({ ...current, [diff.field]: side }))}
          disabled={sending}
        />
      ))}
      <Button block disabled={sending} onClick={() => void send()}>
        Save my choices
      </Button>
      <Button variant="secondary" block disabled={sending} onClick={() => void discard()}>
        Discard my change
      </Button>
    </div>
  )
}
