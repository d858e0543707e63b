import { randomUUID } from 'node:crypto'
import { withPublishingFacts } from '../integration/support/publishing-facts'
import { type Account, uploadListingPhoto } from './support/accounts'
import { apiClient } from './support/stack'

/**
 * Publishes a listing with one photo for `account` through the API (its own sign-in), as the form would:
 * quicker than the form, which other specs cover. Returns the listing's id and page address.
 */
export async function publishThroughApi(
  account: Account,
  name: string,
): Promise<{ id: string; path: string }> {
  const client = apiClient()
  const signedIn = await client.auth.signInWithPassword({ email: account.email, password: account.password })
  if (signedIn.error || !signedIn.data.user) throw signedIn.error ?? new Error('no user')
  const id = randomUUID()
  const photoUrl = await uploadListingPhoto(client, signedIn.data.user.id, id)
  const { error } = await client.from('listings').insert(
    withPublishingFacts({
      id,
      type: 'rent',
      name,
      bedrooms: 2,
      bathrooms: 1,
      parking: false,
      furnished: true,
      location: 'Stonegate, York YO1',
      offer: false,
      regular_price: 880,
      image_urls: [photoUrl],
      latitude: 53.9614,
      longitude: -1.0819,
    }),
  )
  if (error) throw error
  // Not signed out: a global sign-out would end the browser's session of the same account too.
  return { id, path: `/category/rent/${id}` }
}
