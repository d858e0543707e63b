// The public schema as supabase-js sees it (the shape `supabase gen types typescript` emits), kept in step with
// supabase/migrations. It is the one description of the tables: the app's row types, its runtime row schema
// (src/types/listing.ts) and the columns it selects all derive from it.

import type { ListingStatus } from './listing-status'

type ListingRow = {
  id: string
  type: 'rent' | 'sale'
  name: string
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  location: string
  /** Optional, trimmed, up to 2,000 characters. */
  description: string | null
  offer: boolean
  regular_price: number
  discounted_price: number | null
  image_urls: string[]
  latitude: number | null
  longitude: number | null
  created_at: string
  updated_at: string | null
  user_ref: string
  /** Where the home is on the market; the choices depend on the type (LISTING_STATUSES). */
  status: ListingStatus
  /** Server-owned: when the status last changed (publication when it never did). */
  status_changed_at: string
  /** Server-owned: when the listing leaves lists and search (sold/let + 14 days, sold STC/let agreed + 60). */
  off_market_at: string | null
  /** Server-owned: when the price a person pays last fell (cleared by an increase); `Reduced` within 30 days. */
  price_reduced_at: string | null
  /** Server-owned: how much it fell by then. */
  price_reduced_by: number | null
  /** Server-owned: bumped by every update; an update naming another version is refused (listing_version_conflict). */
  version: number
  // Also generated, for filters and sorts only (never selected): effective_price (the price a person pays) and
  // search_text (location, name and description, matched word by word).
}

/** Server-owned columns of a listing: set by the database's trigger, never by the client. */
type ListingServerColumns =
  | 'id'
  | 'created_at'
  | 'updated_at'
  | 'user_ref'
  | 'status_changed_at'
  | 'off_market_at'
  | 'price_reduced_at'
  | 'price_reduced_by'
  | 'version'

/** One change of a listing's effective price (the first row, previous_price null, is the listed price). */
type ListingPriceHistoryRow = {
  id: number
  listing_id: string
  price: number
  previous_price: number | null
  changed_at: string
}

/** One status of a listing since publication (the first row, previous_status null, is the one it was published with). */
type ListingStatusHistoryRow = {
  id: number
  listing_id: string
  status: ListingStatus
  previous_status: ListingStatus | null
  changed_at: string
}

type ProfileRow = {
  id: string
  name: string | null
  email: string | null
  /** Show my email to visitors: whether landlord_contact gives the email (on by default). */
  show_email: boolean
  /** Tell me when a saved home changes: pushes when a saved home is reduced, goes under offer or leaves the market. */
  saved_home_alerts: boolean
  created_at: string
}

/** A house hunter and a landlord talking about one listing (null once the listing is deleted). */
type ConversationRow = {
  id: string
  listing_id: string | null
  hunter_id: string
  landlord_id: string
  created_at: string
  last_message_at: string
  last_sender_id: string | null
  hunter_read_at: string
  landlord_read_at: string
}

/** Plain text of 1–2,000 characters, stored as written; the id may be the client's. */
type MessageRow = { id: string; conversation_id: string; sender_id: string; body: string; created_at: string }

type BlockedSenderRow = { blocker_id: string; blocked_id: string; created_at: string }

/** One row of rpc my_conversations: what the Messages list and a conversation's header show. */
type ConversationSummary = {
  id: string
  listing_id: string | null
  listing_name: string | null
  listing_category: 'rent' | 'sale' | null
  listing_image: string | null
  listing_price: number | null
  role: 'hunter' | 'landlord'
  /** Null once the other person deleted their account. */
  other_id: string | null
  other_name: string | null
  last_message_at: string
  last_body: string | null
  last_from_me: boolean | null
  unread: boolean
  other_read_at: string
}

type SavedListingRow = { user_id: string; listing_id: string; created_at: string }

/** A saved search: `params` holds the search as /search's URL does (src/types/home-search.ts, without the view). */
type SavedSearchRow = {
  id: string
  user_id: string
  name: string
  params: Json
  alerts: 'off' | 'instant' | 'daily'
  last_opened_at: string
  created_at: string
  updated_at: string
}

type PushSubscriptionRow = {
  id: string
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  created_at: string
}

/** A report of a listing by a signed-in person (one per person per listing); read only by its reporter. */
type ListingReportRow = {
  id: string
  listing_id: string
  reporter_id: string
  reason: 'Scam or fraud' | 'Wrong details' | 'Already let or sold' | 'Offensive' | 'Other'
  note: string
  created_at: string
  reviewed_at: string | null
}

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  public: {
    Tables: {
      listings: {
        Row: ListingRow
        Insert: Omit<ListingRow, ListingServerColumns | 'description' | 'status'> &
          Partial<Pick<ListingRow, 'id' | 'updated_at' | 'user_ref' | 'description' | 'status'>>
        /** `version`, when sent, must be the listing's current version (the one the edit started from). */
        Update: Partial<Omit<ListingRow, Exclude<ListingServerColumns, 'updated_at' | 'version'>>>
        Relationships: []
      }
      listing_price_history: {
        Row: ListingPriceHistoryRow
        Insert: never
        Update: never
        Relationships: []
      }
      listing_status_history: {
        Row: ListingStatusHistoryRow
        Insert: never
        Update: never
        Relationships: []
      }
      profiles: {
        Row: ProfileRow
        Insert: Partial<ProfileRow> & Pick<ProfileRow, 'id'>
        Update: Partial<Pick<ProfileRow, 'name' | 'show_email' | 'saved_home_alerts'>>
        Relationships: []
      }
      saved_listings: {
        Row: SavedListingRow
        Insert: Pick<SavedListingRow, 'listing_id'> & Partial<SavedListingRow>
        Update: never
        Relationships: []
      }
      saved_searches: {
        Row: SavedSearchRow
        Insert: Pick<SavedSearchRow, 'name' | 'params'> & Partial<SavedSearchRow>
        Update: Partial<Pick<SavedSearchRow, 'name' | 'params' | 'alerts' | 'last_opened_at' | 'updated_at'>>
        Relationships: []
      }
      conversations: {
        Row: ConversationRow
        Insert: Partial<Pick<ConversationRow, 'id'>> & Pick<ConversationRow, 'listing_id'>
        Update: never
        Relationships: []
      }
      messages: {
        Row: MessageRow
        Insert: Pick<MessageRow, 'conversation_id' | 'body'> & Partial<Pick<MessageRow, 'id'>>
        Update: never
        Relationships: []
      }
      blocked_senders: {
        Row: BlockedSenderRow
        Insert: Pick<BlockedSenderRow, 'blocked_id'>
        Update: never
        Relationships: []
      }
      listing_reports: {
        Row: ListingReportRow
        Insert: Pick<ListingReportRow, 'listing_id' | 'reason'> &
          Partial<Pick<ListingReportRow, 'id' | 'note'>>
        Update: never
        Relationships: []
      }
      listing_review_holds: {
        Row: { listing_id: string; landlord_id: string; held_at: string }
        Insert: never
        Update: never
        Relationships: []
      }
      push_subscriptions: {
        Row: PushSubscriptionRow
        Insert: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'> & Partial<PushSubscriptionRow>
        Update: Partial<Pick<PushSubscriptionRow, 'p256dh' | 'auth'>>
        Relationships: []
      }
    }
    Views: {
      /** The listings on the market (off_market_at not yet reached): what every list and search reads. */
      market_listings: {
        Row: ListingRow
        Relationships: []
      }
    }
    Functions: {
      landlord_contact: {
        Args: { landlord_id: string }
        Returns: { name: string; email: string | null }[]
      }
      send_enquiry: {
        Args: { listing_id: string; message_id: string; body: string }
        Returns: string
      }
      my_conversations: {
        Args: { page_size?: number; before_at?: string; before_id?: string; only_id?: string }
        Returns: ConversationSummary[]
      }
      unread_conversation_count: {
        Args: never
        Returns: number
      }
      note_app_open: {
        Args: never
        Returns: string
      }
      mark_conversation_read: {
        Args: { conversation_id: string }
        Returns: string | null
      }
      saved_search_new_counts: {
        Args: never
        /** new_count is exact up to 1,000; `capped` says there are more (the app shows `1,000+ new`). */
        Returns: { saved_search_id: string; new_count: number; capped: boolean }[]
      }
      open_saved_search: {
        Args: { search_id: string }
        Returns: string
      }
      listing_matches_search: {
        Args: { listing: ListingRow; params: Json }
        Returns: boolean
      }
      /** A search's count: exact up to 1,000, else 1,001. `words`: the search's words, space-separated. */
      count_listings: {
        Args: {
          words?: string
          type?: 'rent' | 'sale'
          min_price?: number
          max_price?: number
          min_beds?: number
          min_baths?: number
          parking?: boolean
          furnished?: boolean
          offer?: boolean
          /** Only homes still available (not under offer, sold STC or let agreed). */
          available_only?: boolean
          west?: number
          south?: number
          east?: number
          north?: number
        }
        Returns: number
      }
      /** Homes per grid cell of `cell` degrees touching a box, by type (none: both) and offer. */
      map_clusters: {
        Args: {
          cell: number
          west: number
          south: number
          east: number
          north: number
          type?: 'rent' | 'sale'
          offer?: boolean
        }
        Returns: { cell_x: number; cell_y: number; homes: number; latitude: number; longitude: number }[]
      }
    }
    Enums: { [_ in never]: never }
    CompositeTypes: { [_ in never]: never }
  }
}

type PublicTables = Database['public']['Tables']

/** A table's row as the API returns it. */
export type TableRow<T extends keyof PublicTables> = PublicTables[T]['Row']
/** What an insert into a table sends. */
export type TableInsert<T extends keyof PublicTables> = PublicTables[T]['Insert']
/** What an update of a table sends. */
export type TableUpdate<T extends keyof PublicTables> = PublicTables[T]['Update']
