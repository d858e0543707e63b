import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { inject } from 'vitest'
import { serviceClient, signedInUser, type TestUser } from './support/clients'
import { validListing } from './support/rls-cases'
import { imageBytes } from './support/storage-fixtures'

/** A person with something of every kind the app keeps, and what was made for them. */
export type PopulatedAccount = TestUser & {
  listings: string[]
  photos: string[]
  conversations: string[]
  savedSearch: string
  endpoint: string
}

const BUCKET = 'listing-images'

/** A listing of `owner` with `photos` photos uploaded to their folder of the listing-images bucket. */
export async function listingWithPhotos(
  owner: TestUser,
  photos = 2,
): Promise<{ id: string; names: string[] }> {
  const id = randomUUID()
  const names = Array.from({ length: photos }, (_, i) => `${owner.id}/${id}/${i + 1}.jpg`)
  for (const name of names) {
    const { error } = await owner.client.storage
      .from(BUCKET)
      .upload(name, imageBytes('image/jpeg', 256), { contentType: 'image/jpeg' })
    if (error) throw error
  }
  const urls = names.map((name) => `${inject('apiUrl')}/storage/v1/object/public/${BUCKET}/${name}`)
  const { error } = await owner.client.from('listings').insert(validListing(id, { image_urls: urls }))
  if (error) throw error
  return { id, names }
}

/**
 * Signs up `name` with two listings with photos, a saved home and a saved search, a push subscription, an
 * enquiry to `other`'s listing (answered) and `other`'s enquiry about their listing (answered), a report of
 * `other`'s listing and a block.
 */
export async function populatedAccount(
  name: string,
  other: TestUser,
  otherListing: string,
): Promise<PopulatedAccount> {
  const user = await signedInUser(name)
  const a = await listingWithPhotos(user)
  const b = await listingWithPhotos(user, 1)
  const db = user.client
  const must = <T extends { error: unknown }>(result: T): T => {
    if (result.error) throw result.error
    return result
  }
  must(await db.from('saved_listings').insert({ listing_id: otherListing }))
  const savedSearch = randomUUID()
  must(
    await db
      .from('saved_searches')
      .insert({ id: savedSearch, name: `${name}'s flats`, params: { type: 'rent', minBeds: 2 } }),
  )
  const endpoint = `https://push.example.com/send/${randomUUID()}`
  // A browser's keys: an uncompressed P-256 point and a 16-byte secret, as the database requires.
  const browserKey = createECDH('prime256v1')
  browserKey.generateKeys()
  const p256dh = browserKey.getPublicKey().toString('base64url')
  const auth = randomBytes(16).toString('base64url')
  must(await db.from('push_subscriptions').insert({ endpoint, p256dh, auth }))

  const asked = must(
    await db.rpc('send_enquiry', {
      listing_id: otherListing,
      message_id: randomUUID(),
      body: `Hello from ${name}`,
    }),
  ).data as string
  must(
    await other.client
      .from('messages')
      .insert({ id: randomUUID(), conversation_id: asked, body: 'Reply to you' }),
  )
  const askedBy = must(
    await other.client.rpc('send_enquiry', {
      listing_id: a.id,
      message_id: randomUUID(),
      body: 'Is it free?',
    }),
  ).data as string
  must(
    await db
      .from('messages')
      .insert({ id: randomUUID(), conversation_id: askedBy, body: `Yes, says ${name}` }),
  )

  must(
    await db
      .from('listing_reports')
      .insert({ listing_id: otherListing, reason: 'Wrong details', note: 'Not 2 beds' }),
  )
  must(await db.from('blocked_senders').insert({ blocked_id: other.id }))
  return {
    ...user,
    listings: [a.id, b.id],
    photos: [...a.names, ...b.names],
    conversations: [asked, askedBy],
    savedSearch,
    endpoint,
  }
}

/** Every photo object name in `folder` of the listing-images bucket, as the service role lists them. */
export async function objectsIn(folder: string): Promise<string[]> {
  const storage = serviceClient().storage.from(BUCKET)
  const top = await storage.list(folder, { limit: 1000 })
  const names: string[] = []
  for (const entry of top.data ?? []) {
    if (entry.id) names.push(`${folder}/${entry.name}`)
    else names.push(...(await objectsIn(`${folder}/${entry.name}`)))
  }
  return names
}
