import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { PageHeader } from '../components/page-header'
import { findLandlordListing } from '../features/contact/api/find-landlord-listing'
import { getLandlordContact } from '../features/contact/api/get-landlord-contact'
import { ContactLandlord } from '../features/contact/components/contact-landlord'
import { useOnlineStatus } from '../hooks/use-online-status'
import { useUserId } from '../hooks/use-session'
import { withinReadTimeout } from '../lib/supabase'
import { notify } from '../lib/toast'

const CONTACT_LOAD_ERROR = 'Could not get landlord/owner data'
const CONTACT_OFFLINE = 'You are offline. Contacting a landlord needs a connection.'

/** What the message is about; the id and type also lead back to the listing. */
type ContactSearch = { listingName?: string; listingId?: string; listingType?: 'rent' | 'sale' }

export const Route = createFileRoute('/contact/$landlordId')({
  validateSearch: (search: Record<string, unknown>): ContactSearch => ({
    ...(typeof search.listingName === 'string' ? { listingName: search.listingName } : {}),
    ...(typeof search.listingId === 'string' ? { listingId: search.listingId } : {}),
    ...(search.listingType === 'rent' || search.listingType === 'sale'
      ? { listingType: search.listingType }
      : {}),
  }),
  // A failed or empty answer is shown on the page rather than as a crash: the visitor can still go back.
  // Offline it fails at once; a network that hangs gets READ_TIMEOUT_MS.
  loaderDeps: ({ search }) => ({ listingName: search.listingName, listingId: search.listingId }),
  loader: async ({ params, deps }) => {
    // A link that names the listing without its id: the listing is looked up, so Send in Roost can be offered.
    const found =
      deps.listingName && !deps.listingId
        ? withinReadTimeout(findLandlordListing(params.landlordId, deps.listingName)).catch(() => null)
        : Promise.resolve(null)
    const [landlord, listing] = await Promise.all([
      withinReadTimeout(getLandlordContact(params.landlordId)).catch(() => null),
      found,
    ])
    return { landlord, found: listing }
  },
  component: Contact,
})

function Contact() {
  const { landlord, found } = Route.useLoaderData()
  const { listingName = '', listingId, listingType } = Route.useSearch()
  const listing = listingId && listingType ? { id: listingId, type: listingType } : found
  const online = useOnlineStatus()
  const userId = useUserId()
  const { landlordId } = Route.useParams()

  useEffect(() => {
    if (!landlord && navigator.onLine) notify.error(CONTACT_LOAD_ERROR)
  }, [landlord])

  if (!landlord) {
    return (
      <div className="page">
        <PageHeader title="Contact Landlord" />
        <p className="empty-state">{online ? CONTACT_LOAD_ERROR : CONTACT_OFFLINE}</p>
      </div>
    )
  }
  return (
    <div className="page page--narrow">
      <PageHeader title={`Contact ${landlord.name}`} />
      <ContactLandlord
        landlord={landlord}
        landlordId={landlordId}
        listingName={listingName}
        listing={listing}
        userId={userId}
      />
    </div>
  )
}
