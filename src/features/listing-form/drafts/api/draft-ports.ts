import { env } from '@/config/env'
import { LISTING_IMAGES_BUCKET } from '@/config/storage'
import { draftStore } from '@/device/drafts'
import { OutboxFailure, toOutboxFailure } from '@/lib/outbox/failure'
import { getSupabase } from '../../../../lib/supabase'
import { geocodeAddress } from '../../api/geocode-address'
import { uploadListingPhoto } from '../../api/listing-photos'
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
    async refreshSession(force) {
      const { data, error } = force ? await supabase.auth.refreshSession() : await supabase.auth.getSession()
      // A session that cannot be refreshed is never the draft's fault: it waits (as a 401) for a sign-in.
      if (error) {
        const failure = toOutboxFailure(error)
        throw failure.network ? failure : new OutboxFailure(failure.message, { status: 401, cause: error })
      }
      return data.session?.user.id ?? null
    },
    now: () => Date.now(),
    random: () => Math.random(),
  }
}
