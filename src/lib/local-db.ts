import { Dexie, type EntityTable, liveQuery, type Table } from 'dexie'
import type { Listing, ListingFormText, ListingPosition } from '../types/listing'
import { listingThing } from '../types/listing-edit'
import { LISTING_PUBLISH_KIND, type ListingPublishPayload } from '../types/listing-publish'
import type { PriceChange } from '../types/price-change'
import type { StoredShortlist } from '../types/shortlist'
import type { StoredViewing } from '../types/viewing'
import { LOCAL_DB_NAME } from './local-db-name'
import type { OutboxKind, OutboxPayloads } from './outbox/payloads'

export { liveQuery }

// The device database's schema and the shapes of its rows. Nothing outside src/lib and src/device reads it:
// each table has one owner module in src/device, and Dexie loads through getLocalDb() (local-db-access.ts).

/** A listing as last seen from the server, and when this device saw it. */
export type StoredListing = Listing & { seenAt: number }

/** One place in a list view: enough to keep newest-first order without loading the listing. */
export type ViewEntry = ListingPosition

/**
 * What a list view (e.g. 'recommended', 'offers', 'category:rent') showed, in order.
 * `complete` is true when the server said there is nothing after the last entry.
 */
export type StoredView = { key: string; entries: ViewEntry[]; complete: boolean; fetchedAt: number }

/** A home saved on this device (a visitor's, or a signed-in user's mirror of public.saved_listings). */
export type SavedHome = { listingId: string; savedAt: number }

/** A save or unsave waiting to reach the server for `userId`, retried in `seq` order when online. */
export type SavedOp = {
  seq?: number
  userId: string
  listingId: string
  kind: 'save' | 'unsave'
  queuedAt: number
}

export type MetaEntry = { key: string; value: unknown }

/** The form's values kept with a draft (text stays text, as the form holds it; photos live in draftPhotos). */
export type DraftValues = ListingFormText

export type DraftStep = 'geocode' | 'upload' | 'insert' | 'clear'

/** Where a draft is on its way to the server. */
export type DraftState = 'waiting' | 'publishing' | 'published' | 'needs-attention'

/**
 * A listing kept on this device until it is published; `id` is the listing's id, fixed from creation. Its
 * publishing is an outbox entry (kind `listing.publish`), which holds the attempts and when the next one is due.
 */
export type Draft = {
  id: string
  ownerId: string
  values: DraftValues
  state: DraftState
  /** The step to run next, and photos uploaded of all; kept after each completed step so a restart resumes. */
  progress: { step: DraftStep; uploaded: number; total: number }
  /** Where the address geocoded to, once the first step has run. */
  coordinates: { lat: number; lng: number } | null
  /** The server's reason when it refused the draft (state needs-attention). */
  reason: string | null
  updatedAt: number
}

/** One shrunk photo of a draft, with the fixed Storage path it is uploaded to. */
export type DraftPhoto = {
  draftId: string
  index: number
  name: string
  blob: Blob
  path: string
  uploaded: boolean
}

/**
 * A photo added to a published listing in an edit, shrunk and kept until the edit that carries it uploads it
 * to its fixed Storage path (src/device/listing-edits.ts).
 */
export type ListingEditPhoto = { photoId: string; name: string; blob: Blob; path: string }

/** How often a saved search sends alerts: never, within a minute of a match, or once a day at 08:00 London time. */
export type SavedSearchAlerts = 'off' | 'instant' | 'daily'

/**
 * A signed-in person's saved search as this device keeps it (a mirror of public.saved_searches, with changes
 * not yet sent applied). `params` is the search exactly as /search's URL holds it, without the view.
 */
export type StoredSavedSearch = {
  id: string
  userId: string
  name: string
  params: Record<string, unknown>
  alerts: SavedSearchAlerts
  /** When the person last opened it (ISO time, the server's where known): homes added after it are new. */
  lastOpenedAt: string
  createdAt: string
  /** Matching homes added since lastOpenedAt, as the server last counted them (saved_search_new_counts). */
  newCount: number
}

/** Where an outbox entry is: waiting to be sent (maybe after a backoff), or refused by the server and kept. */
export type OutboxState = 'waiting' | 'refused'

/** What every outbox entry holds whatever its kind. */
type OutboxEntryBase = {
  seq?: number
  /** The write's client id (a UUID), fixed when it is queued. */
  id: string
  userId: string
  /** What the write is about (e.g. a saved search's id): the unit of order. */
  thing: string
  state: OutboxState
  attempts: number
  /** Not sent before this time (ms since epoch); 0 = at once. */
  nextAttemptAt: number
  /** The server's reason when it refused the write. */
  reason: string | null
  queuedAt: number
}

/** An outbox entry of one kind: `kind` names its handler (e.g. 'saved-search.create') and its payload's type. */
export type OutboxEntryOf<K extends OutboxKind> = {
  [P in K]: OutboxEntryBase & { kind: P; payload: OutboxPayloads[P] }
}[K]

/**
 * One write made on this device that must reach the server exactly once (src/device/outbox.ts). Entries about
 * the same `thing` are sent in `seq` order; a refused one is kept, with the server's reason, until the person
 * deals with it, and holds back the later entries of its thing.
 */
export type OutboxEntry = OutboxEntryOf<OutboxKind>

/** What the person saw of their messages online (the list, one conversation), to read it again offline. */
export type SeenMessages = { key: string; userId: string; value: unknown; savedAt: number }

/** A listing's price history as last read from the server, oldest change first, to read it again offline. */
export type StoredPriceHistory = { listingId: string; changes: PriceChange[]; fetchedAt: number }

export type { StoredShortlist, StoredViewing }

/** How versions 1–8 filed an edit's new photo in draftPhotos: `photo:<id>` as its draft id. */
const EDIT_PHOTO_PREFIX = 'photo:'

export class RoostDb extends Dexie {
  listings!: EntityTable<StoredListing, 'id'>
  views!: EntityTable<StoredView, 'key'>
  saved!: EntityTable<SavedHome, 'listingId'>
  savedOps!: EntityTable<SavedOp, 'seq'>
  meta!: EntityTable<MetaEntry, 'key'>
  drafts!: EntityTable<Draft, 'id'>
  draftPhotos!: Table<DraftPhoto, [string, number]>
  savedSearches!: EntityTable<StoredSavedSearch, 'id'>
  outbox!: EntityTable<OutboxEntry, 'seq'>
  messagesSeen!: EntityTable<SeenMessages, 'key'>
  priceHistory!: EntityTable<StoredPriceHistory, 'listingId'>
  listingEditPhotos!: EntityTable<ListingEditPhoto, 'photoId'>
  viewings!: EntityTable<StoredViewing, 'id'>
  shortlists!: EntityTable<StoredShortlist, 'userId'>

  constructor(name = LOCAL_DB_NAME) {
    super(name)
    // Shipped schemas are never edited: a change (e.g. the drafts tables) goes in version(2) with its upgrade.
    // Booleans are not valid IndexedDB keys, so `offer` is filtered, not indexed; views keep list order.
    this.version(1).stores({
      listings: 'id, [type+createdAt], createdAt, userRef, seenAt',
      views: 'key',
      saved: 'listingId, savedAt',
      savedOps: '++seq, listingId, userId',
      meta: 'key',
    })
    // Drafts of listings and their photos (Blobs), kept apart so state updates never rewrite the photos.
    this.version(2).stores({
      drafts: 'id, ownerId, state, updatedAt',
      draftPhotos: '[draftId+index], draftId',
    })
    // Drafts gain a description: drafts kept before it existed get an empty one.
    this.version(3)
      .stores({})
      .upgrade((tx) =>
        tx
          .table<Draft>('drafts')
          .toCollection()
          .modify((draft) => {
            draft.values.description ??= ''
          }),
      )
    // Saved searches, and the one outbox of writes waiting for the server (saved-search changes first).
    this.version(4).stores({
      savedSearches: 'id, userId',
      outbox: '++seq, userId, thing',
    })
    // Conversations and messages as last seen online, readable offline (src/device/messages-seen.ts).
    this.version(5).stores({
      messagesSeen: 'key, userId',
    })
    // Listings' price histories as last read (src/device/listings-price-history.ts): saved homes' read offline.
    this.version(7).stores({
      priceHistory: 'listingId',
    })
    // Publishing a draft becomes a kind of the one outbox: every draft not yet published gets its entry, a
    // draft needing attention a refused one (it waits for its owner, as it did).
    this.version(8)
      .stores({})
      .upgrade(async (tx) => {
        const outbox = tx.table<OutboxEntry, number>('outbox')
        const queued = new Set((await outbox.toArray()).map((entry) => `${entry.kind} ${entry.thing}`))
        const drafts = await tx.table<Draft, string>('drafts').orderBy('updatedAt').toArray()
        for (const draft of drafts) {
          const thing = listingThing(draft.id)
          if (draft.state === 'published' || queued.has(`${LISTING_PUBLISH_KIND} ${thing}`)) continue
          const refused = draft.state === 'needs-attention'
          const payload: ListingPublishPayload = { draftId: draft.id }
          await outbox.add({
            id: crypto.randomUUID(),
            userId: draft.ownerId,
            kind: LISTING_PUBLISH_KIND,
            thing,
            payload,
            state: refused ? 'refused' : 'waiting',
            attempts: 0,
            nextAttemptAt: 0,
            reason: refused ? (draft.reason ?? '') : null,
            queuedAt: draft.updatedAt,
          })
        }
      })
    // Edits' new photos get a table of their own: those kept in draftPhotos (under `photo:<id>`, index 0) move.
    this.version(9)
      .stores({ listingEditPhotos: 'photoId' })
      .upgrade(async (tx) => {
        const draftPhotos = tx.table<DraftPhoto, [string, number]>('draftPhotos')
        const kept = await draftPhotos
          .filter((photo) => photo.draftId.startsWith(EDIT_PHOTO_PREFIX))
          .toArray()
        await tx.table<ListingEditPhoto, string>('listingEditPhotos').bulkPut(
          kept.map((photo) => ({
            photoId: photo.draftId.slice(EDIT_PHOTO_PREFIX.length),
            name: photo.name,
            blob: photo.blob,
            path: photo.path,
          })),
        )
        await draftPhotos.bulkDelete(kept.map((photo): [string, number] => [photo.draftId, photo.index]))
      })
    // Viewings as last read (src/device/viewings.ts): a viewing day opens with no signal.
    this.version(10).stores({ viewings: 'id, userId, startsAt' })
    // Notes on saved homes and the shared shortlist as last read, one row a person (src/device/shortlist.ts).
    this.version(11).stores({ shortlists: 'userId' })
    // A newer tab is upgrading the schema: step aside and tell the app, which reloads when no form is dirty.
    this.on('versionchange', () => {
      this.close()
      window.dispatchEvent(new Event('roost:local-db-outdated'))
      return false
    })
  }
}

/** The device's database; this module loads lazily (Dexie is ~30 kB gzip), through getLocalDb(). */
export const db = new RoostDb()
