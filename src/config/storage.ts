/** The public Storage bucket that holds listing photos (supabase/migrations creates it). */
export const LISTING_IMAGES_BUCKET = 'listing-images'
