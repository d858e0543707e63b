import { withPublishingFacts } from './publishing-facts'

/**
 * Who may do what, as data: every table, the listing-images bucket and landlord_contact, for each
 * actor and command, with the outcome Postgres must give. Transport-neutral, so one driver can run the
 * cases as SQL in the API's roles and another through /rest/v1 and /storage/v1 with supabase-js.
 */

/** The caller: nobody signed in, the row's owner, another signed-in user, the service role. */
export type Actor = 'anon' | 'owner' | 'other' | 'service'
export type Command = 'select' | 'insert' | 'update' | 'delete' | 'execute'
/**
 * allowed: the command reads or changes the addressed row (select/update/delete see ≥ 1 row).
 * filtered: no error, but row-level security hides the row (0 rows read, updated or deleted).
 * rejected: Postgres refuses with 42501 (no privilege, or a row failing a policy's WITH CHECK).
 */
export type Outcome = 'allowed' | 'filtered' | 'rejected'

export type Target =
  | { kind: 'table'; table: 'profiles' | 'listings' | 'saved_listings' }
  | { kind: 'bucket'; bucket: 'listing-images' }
  | { kind: 'rpc'; fn: 'landlord_contact' }

export type Person = { id: string; email: string; name: string }

/**
 * The world each case starts from: `owner` owns `listingId` and `spareListingId`, has saved
 * `listingId` and has stored `imagePath`; `other` owns nothing. Ids are fresh for every run.
 */
export type RlsFixture = {
  owner: Person
  other: Person
  listingId: string
  spareListingId: string
  /** An id no row has yet, for inserts. */
  newListingId: string
  /** `<owner id>/<listing id>/1.jpg`, stored. */
  imagePath: string
  /** `<owner id>/<listing id>/2.jpg`, not stored yet. */
  newImagePath: string
}

type Row = Record<string, unknown>
type FromFixture<T> = (f: RlsFixture) => T

export type RlsCase = {
  /** The rule, as a test name. */
  rule: string
  target: Target
  actor: Actor
  command: Command
  /** The rows a select, update or delete addresses (column equalities); for the bucket, `{ name: path }`. */
  match?: FromFixture<Row>
  /** The row an insert writes, the columns an update sets, or the function's arguments. */
  values?: FromFixture<Row>
  expect: Outcome
  /** After an allowed write, the row found by `where` (read with full rights) has these values. */
  stored?: { where: FromFixture<Row>; equals: FromFixture<Row> }
}

/** A listing that satisfies every CHECK constraint, as a client would send it. */
export function validListing(id: string, overrides: Row = {}): Row {
  return withPublishingFacts({
    id,
    type: 'rent',
    name: 'Bright flat near the park',
    bedrooms: 2,
    bathrooms: 1,
    parking: false,
    furnished: true,
    location: 'Mill Road, Cambridge CB1',
    offer: false,
    regular_price: 1200,
    discounted_price: null,
    image_urls: ['https://images.example.com/listings/x/y/1.jpg'],
    latitude: 52.1982,
    longitude: 0.1407,
    ...overrides,
  })
}

const profiles: Target = { kind: 'table', table: 'profiles' }
const listings: Target = { kind: 'table', table: 'listings' }
const saved: Target = { kind: 'table', table: 'saved_listings' }
const images: Target = { kind: 'bucket', bucket: 'listing-images' }
const landlordContact: Target = { kind: 'rpc', fn: 'landlord_contact' }

const ownProfile = (f: RlsFixture) => ({ id: f.owner.id })
const theListing = (f: RlsFixture) => ({ id: f.listingId })
const theSave = (f: RlsFixture) => ({ user_id: f.owner.id, listing_id: f.listingId })
const newSave = (f: RlsFixture) => ({ user_id: f.owner.id, listing_id: f.spareListingId })
const theImage = (f: RlsFixture) => ({ name: f.imagePath })
const newImage = (f: RlsFixture) => ({ name: f.newImagePath })
const rename = () => ({ name: 'Renamed flat by the river' })

export const RLS_CASES: RlsCase[] = [
  // profiles: each user sees and renames only their own; rows come from Auth, emails follow Auth.
  {
    rule: 'a visitor cannot read profiles',
    target: profiles,
    actor: 'anon',
    command: 'select',
    match: ownProfile,
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot create a profile',
    target: profiles,
    actor: 'anon',
    command: 'insert',
    values: (f) => ({ id: f.owner.id, name: 'Mallory' }),
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot rename a user',
    target: profiles,
    actor: 'anon',
    command: 'update',
    match: ownProfile,
    values: rename,
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot delete a profile',
    target: profiles,
    actor: 'anon',
    command: 'delete',
    match: ownProfile,
    expect: 'rejected',
  },
  {
    rule: 'a user reads their own profile',
    target: profiles,
    actor: 'owner',
    command: 'select',
    match: ownProfile,
    expect: 'allowed',
  },
  {
    rule: 'profiles are made by Auth, not through the API',
    target: profiles,
    actor: 'owner',
    command: 'insert',
    values: (f) => ({ id: f.owner.id, name: 'Twice' }),
    expect: 'rejected',
  },
  {
    rule: 'a user changes their own name',
    target: profiles,
    actor: 'owner',
    command: 'update',
    match: ownProfile,
    values: () => ({ name: 'Alice M.' }),
    expect: 'allowed',
    stored: { where: ownProfile, equals: () => ({ name: 'Alice M.' }) },
  },
  {
    rule: 'a user changes their email only through Auth',
    target: profiles,
    actor: 'owner',
    command: 'update',
    match: ownProfile,
    values: () => ({ email: 'new@example.com' }),
    expect: 'rejected',
  },
  {
    rule: 'a user cannot delete their profile through the API',
    target: profiles,
    actor: 'owner',
    command: 'delete',
    match: ownProfile,
    expect: 'rejected',
  },
  {
    rule: "a user cannot read another user's profile",
    target: profiles,
    actor: 'other',
    command: 'select',
    match: ownProfile,
    expect: 'filtered',
  },
  {
    rule: 'a user cannot create a profile for someone else',
    target: profiles,
    actor: 'other',
    command: 'insert',
    values: (f) => ({ id: f.owner.id, name: 'Mallory' }),
    expect: 'rejected',
  },
  {
    rule: 'a user cannot rename another user',
    target: profiles,
    actor: 'other',
    command: 'update',
    match: ownProfile,
    values: rename,
    expect: 'filtered',
  },
  {
    rule: "a user cannot delete another user's profile",
    target: profiles,
    actor: 'other',
    command: 'delete',
    match: ownProfile,
    expect: 'rejected',
  },
  {
    rule: 'the service role reads profiles',
    target: profiles,
    actor: 'service',
    command: 'select',
    match: ownProfile,
    expect: 'allowed',
  },
  {
    rule: 'not even the service role creates profiles by hand',
    target: profiles,
    actor: 'service',
    command: 'insert',
    values: (f) => ({ id: f.owner.id, name: 'Twice' }),
    expect: 'rejected',
  },
  {
    rule: 'the service role edits profiles',
    target: profiles,
    actor: 'service',
    command: 'update',
    match: ownProfile,
    values: rename,
    expect: 'allowed',
  },
  {
    rule: 'the service role deletes profiles',
    target: profiles,
    actor: 'service',
    command: 'delete',
    match: ownProfile,
    expect: 'allowed',
  },

  // listings: everyone browses; users publish in their own name and change only their own.
  {
    rule: 'a visitor browses listings',
    target: listings,
    actor: 'anon',
    command: 'select',
    match: theListing,
    expect: 'allowed',
  },
  {
    rule: 'a visitor cannot publish a listing',
    target: listings,
    actor: 'anon',
    command: 'insert',
    values: (f) => validListing(f.newListingId, { user_ref: f.owner.id }),
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot edit a listing',
    target: listings,
    actor: 'anon',
    command: 'update',
    match: theListing,
    values: rename,
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot delete a listing',
    target: listings,
    actor: 'anon',
    command: 'delete',
    match: theListing,
    expect: 'rejected',
  },
  {
    rule: 'a landlord reads their listing',
    target: listings,
    actor: 'owner',
    command: 'select',
    match: theListing,
    expect: 'allowed',
  },
  {
    rule: 'a signed-in user publishes a listing in their own name',
    target: listings,
    actor: 'owner',
    command: 'insert',
    values: (f) => validListing(f.newListingId),
    expect: 'allowed',
    stored: { where: (f) => ({ id: f.newListingId }), equals: (f) => ({ user_ref: f.owner.id }) },
  },
  {
    rule: 'a landlord edits their own listing',
    target: listings,
    actor: 'owner',
    command: 'update',
    match: theListing,
    values: rename,
    expect: 'allowed',
  },
  {
    rule: 'a landlord cannot hand a listing to another user',
    target: listings,
    actor: 'owner',
    command: 'update',
    match: theListing,
    values: (f) => ({ user_ref: f.other.id }),
    expect: 'allowed',
    stored: { where: theListing, equals: (f) => ({ user_ref: f.owner.id }) },
  },
  {
    rule: 'a landlord deletes their own listing',
    target: listings,
    actor: 'owner',
    command: 'delete',
    match: theListing,
    expect: 'allowed',
  },
  {
    rule: "a user reads another user's listing",
    target: listings,
    actor: 'other',
    command: 'select',
    match: theListing,
    expect: 'allowed',
  },
  {
    rule: "a user cannot publish a listing in another user's name",
    target: listings,
    actor: 'other',
    command: 'insert',
    values: (f) => validListing(f.newListingId, { user_ref: f.owner.id }),
    expect: 'allowed',
    stored: { where: (f) => ({ id: f.newListingId }), equals: (f) => ({ user_ref: f.other.id }) },
  },
  {
    rule: "a user cannot edit another user's listing",
    target: listings,
    actor: 'other',
    command: 'update',
    match: theListing,
    values: rename,
    expect: 'filtered',
  },
  {
    rule: "a user cannot delete another user's listing",
    target: listings,
    actor: 'other',
    command: 'delete',
    match: theListing,
    expect: 'filtered',
  },
  {
    rule: 'the service role reads listings',
    target: listings,
    actor: 'service',
    command: 'select',
    match: theListing,
    expect: 'allowed',
  },
  {
    rule: 'the service role publishes listings for a user (seeding)',
    target: listings,
    actor: 'service',
    command: 'insert',
    values: (f) => validListing(f.newListingId, { user_ref: f.owner.id }),
    expect: 'allowed',
    stored: { where: (f) => ({ id: f.newListingId }), equals: (f) => ({ user_ref: f.owner.id }) },
  },
  {
    rule: 'the service role edits listings',
    target: listings,
    actor: 'service',
    command: 'update',
    match: theListing,
    values: rename,
    expect: 'allowed',
  },
  {
    rule: 'the service role deletes listings',
    target: listings,
    actor: 'service',
    command: 'delete',
    match: theListing,
    expect: 'allowed',
  },

  // saved_listings: private to the user who saved.
  {
    rule: 'a visitor cannot read saved listings',
    target: saved,
    actor: 'anon',
    command: 'select',
    match: theSave,
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot save a listing',
    target: saved,
    actor: 'anon',
    command: 'insert',
    values: newSave,
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot change saved listings',
    target: saved,
    actor: 'anon',
    command: 'update',
    match: theSave,
    values: () => ({ created_at: '2026-01-01T00:00:00Z' }),
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot unsave listings',
    target: saved,
    actor: 'anon',
    command: 'delete',
    match: theSave,
    expect: 'rejected',
  },
  {
    rule: 'a user reads their saved listings',
    target: saved,
    actor: 'owner',
    command: 'select',
    match: theSave,
    expect: 'allowed',
  },
  {
    rule: 'a user saves a listing',
    target: saved,
    actor: 'owner',
    command: 'insert',
    values: newSave,
    expect: 'allowed',
  },
  {
    rule: 'a saved listing has nothing to edit',
    target: saved,
    actor: 'owner',
    command: 'update',
    match: theSave,
    values: () => ({ created_at: '2026-01-01T00:00:00Z' }),
    expect: 'rejected',
  },
  {
    rule: 'a user unsaves a listing',
    target: saved,
    actor: 'owner',
    command: 'delete',
    match: theSave,
    expect: 'allowed',
  },
  {
    rule: "a user cannot see another user's saved listings",
    target: saved,
    actor: 'other',
    command: 'select',
    match: theSave,
    expect: 'filtered',
  },
  {
    rule: 'a user cannot save listings for another user',
    target: saved,
    actor: 'other',
    command: 'insert',
    values: newSave,
    expect: 'rejected',
  },
  {
    rule: "a user cannot change another user's saved listings",
    target: saved,
    actor: 'other',
    command: 'update',
    match: theSave,
    values: () => ({ created_at: '2026-01-01T00:00:00Z' }),
    expect: 'rejected',
  },
  {
    rule: "a user cannot unsave another user's listings",
    target: saved,
    actor: 'other',
    command: 'delete',
    match: theSave,
    expect: 'filtered',
  },
  {
    rule: 'the service role reads saved listings',
    target: saved,
    actor: 'service',
    command: 'select',
    match: theSave,
    expect: 'allowed',
  },
  {
    rule: 'the service role saves listings for a user',
    target: saved,
    actor: 'service',
    command: 'insert',
    values: newSave,
    expect: 'allowed',
  },
  {
    rule: 'the service role edits saved listings',
    target: saved,
    actor: 'service',
    command: 'update',
    match: theSave,
    values: () => ({ created_at: '2026-01-01T00:00:00Z' }),
    expect: 'allowed',
  },
  {
    rule: 'the service role unsaves listings',
    target: saved,
    actor: 'service',
    command: 'delete',
    match: theSave,
    expect: 'allowed',
  },

  // listing-images: public to read; each user writes only under their own id's folder.
  {
    rule: 'a visitor sees listing images',
    target: images,
    actor: 'anon',
    command: 'select',
    match: theImage,
    expect: 'allowed',
  },
  {
    rule: 'a visitor cannot upload images',
    target: images,
    actor: 'anon',
    command: 'insert',
    values: newImage,
    expect: 'rejected',
  },
  {
    rule: 'a visitor cannot replace images',
    target: images,
    actor: 'anon',
    command: 'update',
    match: theImage,
    values: () => ({ metadata: { replaced: true } }),
    expect: 'filtered',
  },
  {
    rule: 'a visitor cannot delete images',
    target: images,
    actor: 'anon',
    command: 'delete',
    match: theImage,
    expect: 'filtered',
  },
  {
    rule: 'a landlord sees their images',
    target: images,
    actor: 'owner',
    command: 'select',
    match: theImage,
    expect: 'allowed',
  },
  {
    rule: 'a landlord uploads images to their own folder',
    target: images,
    actor: 'owner',
    command: 'insert',
    values: newImage,
    expect: 'allowed',
  },
  {
    rule: 'a landlord replaces their own images',
    target: images,
    actor: 'owner',
    command: 'update',
    match: theImage,
    values: () => ({ metadata: { replaced: true } }),
    expect: 'allowed',
  },
  {
    rule: 'a landlord deletes their own images',
    target: images,
    actor: 'owner',
    command: 'delete',
    match: theImage,
    expect: 'allowed',
  },
  {
    rule: "a user sees another user's images",
    target: images,
    actor: 'other',
    command: 'select',
    match: theImage,
    expect: 'allowed',
  },
  {
    rule: "a user cannot upload into another user's folder",
    target: images,
    actor: 'other',
    command: 'insert',
    values: newImage,
    expect: 'rejected',
  },
  {
    rule: "a user cannot replace another user's images",
    target: images,
    actor: 'other',
    command: 'update',
    match: theImage,
    values: () => ({ metadata: { replaced: true } }),
    expect: 'filtered',
  },
  {
    rule: "a user cannot delete another user's images",
    target: images,
    actor: 'other',
    command: 'delete',
    match: theImage,
    expect: 'filtered',
  },
  {
    rule: 'the service role sees images',
    target: images,
    actor: 'service',
    command: 'select',
    match: theImage,
    expect: 'allowed',
  },
  {
    rule: 'the service role uploads images',
    target: images,
    actor: 'service',
    command: 'insert',
    values: newImage,
    expect: 'allowed',
  },
  {
    rule: 'the service role replaces images',
    target: images,
    actor: 'service',
    command: 'update',
    match: theImage,
    values: () => ({ metadata: { replaced: true } }),
    expect: 'allowed',
  },
  {
    rule: 'the service role deletes images',
    target: images,
    actor: 'service',
    command: 'delete',
    match: theImage,
    expect: 'allowed',
  },

  // landlord_contact: a landlord's name and email for anyone, nothing about users without listings.
  ...(['anon', 'owner', 'other', 'service'] as const).flatMap((actor): RlsCase[] => [
    {
      rule: `a landlord's contact details are given (${actor})`,
      target: landlordContact,
      actor,
      command: 'execute',
      values: (f) => ({ landlord_id: f.owner.id }),
      expect: 'allowed',
    },
    {
      rule: `no contact details for a user without listings (${actor})`,
      target: landlordContact,
      actor,
      command: 'execute',
      values: (f) => ({ landlord_id: f.other.id }),
      expect: 'filtered',
    },
  ]),
]
