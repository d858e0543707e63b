import { randomUUID } from 'node:crypto'
import { inject } from 'vitest'
import { serviceClient, signedInUser, type TestUser } from './clients'
import { validListing } from './rls-cases'

/**
 * Homes a search test owns: one landlord's listings whose location carries a word found nowhere
 * else, with prices that tie (also across offers: 1,000 discounted to 800 ties with 800), every
 * room count and feature, published in one insert so they share one created_at.
 */
export type SearchFixture = { landlord: TestUser; word: string; ids: string[]; remove: () => Promise<void> }

const PRICES = [800, 800, 800, 950, 1200, 1200, 1500, 2100, 2100, 2100, 2100, 3000] as const

export async function createSearchFixture(count = 36): Promise<SearchFixture> {
  const landlord = await signedInUser('Sasha Search')
  const word = `Qz${randomUUID().replaceAll('-', '').slice(0, 8)}`
  const rows = Array.from({ length: count }, (_, i) => {
    const id = randomUUID()
    const regular = PRICES[i % PRICES.length] as number
    const offer = i % 5 === 0
    return validListing(id, {
      type: i % 2 === 0 ? 'rent' : 'sale',
      name: `Fixture home number ${i + 1}`,
      bedrooms: 1 + (i % 6),
      bathrooms: 1 + (i % 3),
      parking: i % 3 === 0,
      furnished: i % 4 < 2,
      location: `${i + 1} ${word} Street, Testborough`,
      offer,
      regular_price: offer ? regular + 200 : regular,
      discounted_price: offer ? regular : null,
      image_urls: [`${inject('apiUrl')}/storage/v1/object/public/listing-images/${landlord.id}/${id}/1.jpg`],
      user_ref: landlord.id,
    })
  })
  // Written for the landlord by the service role: 36 at once is more than an account may publish in a day.
  const { error } = await serviceClient().from('listings').insert(rows)
  if (error) throw error
  const ids = rows.map((row) => String(row.id))
  return {
    landlord,
    word,
    ids,
    remove: async () => {
      await serviceClient().from('listings').delete().in('id', ids)
    },
  }
}
