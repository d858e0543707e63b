import { demoOwnerIds, newestListings, type SeedListing } from './stack'

/**
 * The offline contract, as a table (like the RLS matrix of tests/integration/support/rls-cases.ts): for every
 * screen, what it shows when the device has seen it online before and when it has not, in each way the signal
 * can fail. Each screen shows the device's copy or at once a clear sentence of what needs a connection; never
 * an error screen, never a spinner for a network the app knows is down, never a stale toast; the offline
 * banner only where it is true (a screen showing homes from the device).
 */

/** How the signal fails: a cold start offline (reload), offline navigation inside the app, a network that hangs. */
export const CASES = ['reload', 'navigate', 'hang'] as const
export type Case = (typeof CASES)[number]

/** Whether the device opened the screen online before the signal went. */
export const HISTORIES = ['seen', 'never seen'] as const
export type History = (typeof HISTORIES)[number]

/** Who uses the screen: a visitor, or alice signed in (for her profile and her listings). */
export type Who = 'visitor' | 'alice'

/** What shows: the screen's heading and a text on it. */
export type Shows = { heading: string; text: string | RegExp }

export type Seed = {
  newest: SeedListing
  newestOffer: SeedListing
  newestRent: SeedListing
  newestSale: SeedListing
  /** A listing of someone other than alice (opened, saved and contacted by the visitor). */
  other: SeedListing
  /** alice's newest listing (her profile shows it; she edits it). */
  alices: SeedListing
}

export type Screen = {
  name: string
  who: Who
  path(seed: Seed): string
  /** Online, before the signal goes ('seen' only): what was seen. */
  online(seed: Seed): Shows
  /** What shows, by history and case. */
  shows(seed: Seed, history: History, how: Case): Shows
  /** Whether the offline banner is true here (offline, with homes from the device on screen). */
  banner(history: History): boolean
  /** A network that hangs leaves this screen waiting for the read timeout before it says so. */
  waitsOnHang?(history: History): boolean
  /** The list view the device keeps of this screen (src/device/listings.ts), for a list. */
  storedView?: string
  /**
   * For a list of the newest homes, the seed's listing it shows first. Other tests publish homes all the time, so
   * the contract reads it again just before it opens the list online.
   */
  newest?: 'newest' | 'newestOffer' | 'newestRent' | 'newestSale'
}

export const TEXT = {
  listsOffline:
    'You are offline, and these homes have not been opened on this device yet. They will show when you are back online.',
  listsFailed: 'Could not fetch listings. Check your connection and try again.',
  listingOffline:
    'You are offline, and this home has not been opened on this device yet. It will show when you are back online.',
  listingFailed: 'This home could not be loaded. Check your connection and try again.',
  contactOffline: 'You are offline. Contacting a landlord needs a connection.',
  contactFailed: 'Could not get landlord/owner data',
  noSaved: 'No saved homes yet',
  myListingsOffline: 'You are offline. Your listings show here once they have been loaded with a connection.',
  myListingsFailed: 'Could not fetch listings',
  editOffline: 'You are offline. Editing a listing needs a connection.',
  editFailed: 'This listing could not be loaded. Check your connection and try again.',
  signInOffline: 'You are offline. Signing in needs a connection.',
  signUpOffline: 'You are offline. Signing up needs a connection.',
  resetOffline: 'You are offline. Sending a reset link needs a connection.',
  banner: 'Showing homes saved on this device, updated',
} as const

const offline = (how: Case) => how !== 'hang'

/** A list of homes: the device's copy when seen; never seen, a sentence (at once offline, after the read timeout on a hanging network). */
function list(
  name: string,
  heading: string,
  path: string,
  storedView: string,
  newest: NonNullable<Screen['newest']>,
): Screen {
  const first = (seed: Seed) => seed[newest]
  return {
    name,
    who: 'visitor',
    storedView,
    newest,
    path: () => path,
    online: (seed) => ({ heading, text: first(seed).name }),
    shows: (seed, history, how) => ({
      heading,
      text: history === 'seen' ? first(seed).name : offline(how) ? TEXT.listsOffline : TEXT.listsFailed,
    }),
    banner: (history) => history === 'seen',
    waitsOnHang: (history) => history === 'never seen',
  }
}

/** A screen that needs no data: the same in every case (an account form says it needs a connection, offline). */
function form(name: string, path: string, heading: string, offlineText: string | null): Screen {
  const shows = (how: Case): Shows => ({
    heading,
    text: offlineText && offline(how) ? offlineText : heading,
  })
  return {
    name,
    who: 'visitor',
    path: () => path,
    online: () => ({ heading, text: heading }),
    shows: (_seed, _history, how) => shows(how),
    banner: () => false,
  }
}

export const SCREENS: Screen[] = [
  list('Explore', 'Explore', '/', 'recommended', 'newest'),
  list('Offers', 'Offers', '/offers', 'offers', 'newestOffer'),
  list('Places for Rent', 'Places for Rent', '/category/rent', 'category:rent', 'newestRent'),
  list('Places for Sale', 'Places for Sale', '/category/sale', 'category:sale', 'newestSale'),
  {
    name: 'a listing',
    who: 'visitor',
    path: (seed) => `/category/${seed.other.type}/${seed.other.id}`,
    online: (seed) => ({ heading: seed.other.name, text: seed.other.location }),
    shows: (seed, history, how) =>
      history === 'seen'
        ? { heading: seed.other.name, text: seed.other.location }
        : { heading: '', text: offline(how) ? TEXT.listingOffline : TEXT.listingFailed },
    banner: (history) => history === 'seen',
    waitsOnHang: (history) => history === 'never seen',
  },
  {
    name: 'contact',
    who: 'visitor',
    path: (seed) => `/contact/${seed.other.user_ref}?listingName=${encodeURIComponent(seed.other.name)}`,
    online: () => ({ heading: '', text: 'Send Message' }),
    shows: (_seed, _history, how) => ({
      heading: 'Contact Landlord',
      text: offline(how) ? TEXT.contactOffline : TEXT.contactFailed,
    }),
    banner: () => false,
    waitsOnHang: () => true,
  },
  {
    name: 'Saved',
    who: 'visitor',
    path: () => '/saved',
    online: (seed) => ({ heading: 'Saved homes', text: seed.other.name }),
    shows: (seed, history) => ({
      heading: 'Saved homes',
      text: history === 'seen' ? seed.other.name : TEXT.noSaved,
    }),
    banner: (history) => history === 'seen',
  },
  form('sign-in', '/sign-in', 'Welcome Back', TEXT.signInOffline),
  form('sign-up', '/sign-up', 'Ready to Sign Up', TEXT.signUpOffline),
  form('forgot password', '/forgot-password', 'Forgot Password', TEXT.resetOffline),
  form('an unknown page', '/no-such-page', 'Page not found', null),
  {
    name: 'Profile',
    who: 'alice',
    path: () => '/profile',
    online: (seed) => ({ heading: 'My Profile', text: seed.alices.name }),
    shows: (seed, history, how) => ({
      heading: 'My Profile',
      text:
        history === 'seen' ? seed.alices.name : offline(how) ? TEXT.myListingsOffline : TEXT.myListingsFailed,
    }),
    banner: () => false,
    waitsOnHang: (history) => history === 'never seen',
  },
  {
    name: 'Create a Listing',
    who: 'alice',
    path: () => '/create-listing',
    online: () => ({ heading: 'Create a Listing', text: 'Save as draft' }),
    shows: () => ({ heading: 'Create a Listing', text: 'Save as draft' }),
    banner: () => false,
  },
  {
    name: 'Edit Listing',
    who: 'alice',
    path: (seed) => `/edit-listing/${seed.alices.id}`,
    online: () => ({ heading: 'Edit Listing', text: 'Edit Listing' }),
    // Seen: the device kept alice's listings (Your Listings), so the edit opens from its copy.
    shows: (_seed, history, how) => ({
      heading: 'Edit Listing',
      text: history === 'seen' ? 'Edit Listing' : offline(how) ? TEXT.editOffline : TEXT.editFailed,
    }),
    banner: () => false,
    waitsOnHang: () => true,
  },
]

/** The seed's listings each screen's expectation names. */
export async function loadSeed(aliceId: string): Promise<Seed> {
  const all = await newestListings()
  const owners = await demoOwnerIds()
  const pick = (list: SeedListing[], what: string) => {
    const found = list[0]
    if (!found) throw new Error(`the seed has no ${what}`)
    return found
  }
  return {
    newest: pick(all, 'listing'),
    newestOffer: pick(await newestListings({ offer: true }), 'offer'),
    newestRent: pick(await newestListings({ type: 'rent' }), 'listing for rent'),
    newestSale: pick(await newestListings({ type: 'sale' }), 'listing for sale'),
    // A demo landlord's, whose contact screen is as the seed made it (other specs' landlords change theirs).
    other: pick(
      all.filter((listing) => listing.user_ref !== aliceId && owners.has(listing.user_ref)),
      "listing of someone else's",
    ),
    alices: pick(
      all.filter((listing) => listing.user_ref === aliceId),
      "listing of alice's",
    ),
  }
}
