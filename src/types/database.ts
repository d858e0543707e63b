// The public schema as supabase-js sees it (the shape `supabase gen types typescript` emits), kept in step with
// supabase/migrations. It is the one description of the tables: the app's row types, its runtime row schema
// (src/types/listing.ts) and the columns it selects all derive from it.

type ListingRow = {
  id: string
  type: 'rent' | 'sale'
  name: string
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  location: string
  offer: boolean
  regular_price: number
  discounted_price: number | null
  image_urls: string[]
  latitude: number | null
  longitude: number | null
  created_at: string
  updated_at: string | null
  user_ref: string
}

type ProfileRow = { id: string; name: string | null; email: string | null; created_at: string }

type SavedListingRow = { user_id: string; listing_id: string; created_at: string }

export type Database = {
  public: {
    Tables: {
      listings: {
        Row: ListingRow
        Insert: Omit<ListingRow, 'id' | 'created_at' | 'updated_at' | 'user_ref'> &
          Partial<Pick<ListingRow, 'id' | 'updated_at' | 'user_ref'>>
        Update: Partial<Omit<ListingRow, 'id' | 'created_at' | 'user_ref'>>
        Relationships: []
      }
      profiles: {
        Row: ProfileRow
        Insert: Partial<ProfileRow> & Pick<ProfileRow, 'id'>
        Update: Partial<Pick<ProfileRow, 'name' | 'email'>>
        Relationships: []
      }
      saved_listings: {
        Row: SavedListingRow
        Insert: Pick<SavedListingRow, 'listing_id'> & Partial<SavedListingRow>
        Update: never
        Relationships: []
      }
    }
    Views: { [_ in never]: never }
    Functions: {
      landlord_contact: {
        Args: { landlord_id: string }
        Returns: { name: string; email: string }[]
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
