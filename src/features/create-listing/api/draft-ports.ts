import { env } from '../../../config/env'
import { LISTING_IMAGES_BUCKET } from '../../../config/storage'
import { draftStore } from '../../../device/drafts'
import { geocodeAddress } from '../../../lib/geocode-address'
import { uploadListingPhoto } from '../../../lib/listing-photos'
import { toOutboxFailure } from '../../../lib/outbox/failure'
import { getSupabase } from '../../../lib/supabase'
import type { PublishPorts } from '../publish-job'

/** The publish job's ports on this device: Dexie for drafts, supabase-js for the server. */
export async function draftPorts(): Promise<PublishPorts> {
  const supabase = await getSupabase()
  return {
    store: draftStore(),
    geocoding: env.geocoding,
    async geocode(address) {
      try {
        return await geocodeAddress(address)
      } catch (error) {
        throw toOutboxFailure(error)
      }
    },
    async upload(path, photo) {
      try {
        await uploadListingPhoto(path, photo)
      } catch (error) {
        throw toOutboxFailure(error)
      }
    },
    async insertListing(row) {
      const { error, status } = await supabase
        .from('listings')
        .upsert(row, { onConflict: 'id', ignoreDuplicates: true })
      if (error) throw toOutboxFailure(error, status)
    },
    publicUrl: (path) => supabase.storage.from(LISTING_IMAGES_BUCKET).getPublicUrl(path).data.publicUrl,
    now: () => Date.now(),
  }
}
