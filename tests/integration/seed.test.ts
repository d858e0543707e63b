import { randomUUID } from 'node:crypto'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@roost/local-supabase/seed/demo-accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  afterCursorFilter,
  type ListingsCursor,
  PAGE_SIZE,
} from '../../src/features/listings/api/listings-keyset'
import { type CouncilTaxBand, type EpcRating, lacksPublishingFacts } from '../../src/utils/property-facts'
import { anonClient, client, serviceClient, signedInUser } from './support/clients'
import { validListing } from './support/rls-cases'

/** What a fresh stack offers before anyone has used it: demo accounts and listings with photos. */

type SeedListing = {
  id: string
  type: string
  offer: boolean
  regular_price: number
  discounted_price: number | null
  image_urls: string[]
  user_ref: string
}

/** Seed listings have the ids 5eed0000-0000-4000-8000-<n>. */
const SEED_IDS = { from: '5eed0000-0000-4000-8000-000000000000', to: '5eed0001-0000-0000-0000-000000000000' }
const JPEG_MAGIC = [0xff, 0xd8, 0xff]

let seed: SeedListing[]

beforeAll(async () => {
  const { data, error } = await anonClient()
    .from('listings')
    .select('id, type, offer, regular_price, discounted_price, image_urls, user_ref')
    .gte('id', SEED_IDS.from)
    .lt('id', SEED_IDS.to)
  if (error) throw error
  seed = data
})

describe('the seed listings', () => {
  it('number at least 300, of both types, with and without offers, owned by demo users', () => {
    expect(seed.length).toBeGreaterThanOrEqual(300)
    expect(new Set(seed.map((l) => l.type))).toEqual(new Set(['rent', 'sale']))
    expect(seed.some((l) => l.offer)).toBe(true)
    expect(seed.some((l) => !l.offer)).toBe(true)
    const demoIds: string[] = DEMO_ACCOUNTS.map((account) => account.id)
    expect(seed.every((l) => demoIds.includes(l.user_ref))).toBe(true)
  })

  it("each has 1 to 6 images at this stack's public listing-images URL", () => {
    const base = `${inject('apiUrl')}/storage/v1/object/public/listing-images/`
    for (const listing of seed) {
      expect(listing.image_urls.length, listing.id).toBeGreaterThanOrEqual(1)
      expect(listing.image_urls.length, listing.id).toBeLessThanOrEqual(6)
      for (const url of listing.image_urls) {
        expect(url.startsWith(`${base}${listing.user_ref}/${listing.id}/`), url).toBe(true)
      }
    }
  })

  it('every image URL is a stored JPEG (HEAD 200 image/jpeg), and every cover serves one (GET)', async () => {
    const covers = new Set(seed.map((l) => l.image_urls[0]))
    const urls = seed.flatMap((l) => l.image_urls)
    const failures: string[] = []
    for (let at = 0; at < urls.length; at += 16) {
      await Promise.all(
        urls.slice(at, at + 16).map(async (url) => {
          const head = await fetch(url, { method: 'HEAD' })
          let served = head.status === 200 && head.headers.get('content-type') === 'image/jpeg'
          if (covers.has(url)) {
            const get = await fetch(url)
            const bytes = new Uint8Array(await get.arrayBuffer())
            served &&=
              get.status === 200 &&
              get.headers.get('content-type') === 'image/jpeg' &&
              JPEG_MAGIC.every((byte, i) => bytes[i] === byte)
          }
          if (!served) failures.push(`${url}: HEAD ${head.status}`)
        }),
      )
    }
    expect(failures).toEqual([])
  })
})

describe('the seed listings’ property facts', () => {
  it('are on most, a few EPC-exempt, with rent dates from the day the seed was loaded', async () => {
    const { data, error } = await anonClient()
      .from('listings')
      .select(
        'type, property_type, floor_area_m2, epc_rating, council_tax_band, deposit, tenure, available_from',
      )
      .gte('id', SEED_IDS.from)
      .lt('id', SEED_IDS.to)
    if (error) throw error
    const core = data.filter(
      (l) =>
        l.property_type && l.floor_area_m2 && l.epc_rating && l.council_tax_band && (l.deposit ?? l.tenure),
    )
    expect(core.length / data.length).toBeGreaterThan(0.7)
    expect(data.some((l) => l.property_type === null && l.epc_rating === null)).toBe(true)
    expect(data.filter((l) => l.epc_rating === 'exempt').length).toBeGreaterThanOrEqual(3)
    expect(data.filter((l) => l.tenure === 'leasehold').length).toBeGreaterThanOrEqual(5)
    expect(data.filter((l) => l.available_from !== null).length).toBeGreaterThanOrEqual(10)
  })
})

describe('the seed listings without the facts publishing needs', () => {
  it('stay on the market, and their landlord still edits them without adding the facts', async () => {
    const { data, error } = await anonClient()
      .from('market_listings')
      .select('id, type, regular_price, user_ref, epc_rating, epc_exempt_reason, council_tax_band, deposit')
      .gte('id', SEED_IDS.from)
      .lt('id', SEED_IDS.to)
    if (error) throw error
    const lacking = data.filter((l) =>
      lacksPublishingFacts(l.type as 'rent' | 'sale', {
        epcRating: l.epc_rating as EpcRating | null,
        epcExemptReason: l.epc_exempt_reason,
        councilTaxBand: l.council_tax_band as CouncilTaxBand | null,
        deposit: l.deposit,
      }),
    )
    expect(lacking.length).toBeGreaterThanOrEqual(3)
    const home = lacking.find((l) => l.epc_rating === null && DEMO_ACCOUNTS.some((a) => a.id === l.user_ref))
    const account = DEMO_ACCOUNTS.find((a) => a.id === home?.user_ref)
    if (!home || !account) throw new Error('no demo home without its EPC rating')
    const landlord = client()
    const signedIn = await landlord.auth.signInWithPassword({ email: account.email, password: DEMO_PASSWORD })
    expect(signedIn.error).toBeNull()
    // The price it has, sent again as the edit form does: the update runs every rule, and changes nothing seen.
    const edited = await landlord
      .from('listings')
      .update({ regular_price: home.regular_price })
      .eq('id', home.id)
      .select('epc_rating')
    expect(edited.error).toBeNull()
    expect(edited.data).toEqual([{ epc_rating: null }])
  })
})

describe('the demo accounts', () => {
  it('there are at least 3', () => {
    expect(DEMO_ACCOUNTS.length).toBeGreaterThanOrEqual(3)
  })

  it.each(DEMO_ACCOUNTS.map((account) => [account.email, account] as const))(
    '%s signs in with the demo password',
    async (_email, account) => {
      const { data, error } = await client().auth.signInWithPassword({
        email: account.email,
        password: DEMO_PASSWORD,
      })
      expect(error).toBeNull()
      expect(data.user?.id).toBe(account.id)
      expect(data.user?.user_metadata.name).toBe(account.name)
    },
  )
})

describe('newest-first keyset paging over a category', () => {
  /** Listings sharing one created_at with the 10th newest rental, so a page boundary falls among equals. */
  const tied: string[] = []

  beforeAll(async () => {
    const service = serviceClient()
    const { data, error } = await service
      .from('listings')
      .select('created_at')
      .eq('type', 'rent')
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(PAGE_SIZE - 1, PAGE_SIZE - 1)
      .single()
    if (error) throw error
    const owner = await signedInUser('Tia Tied')
    for (let i = 0; i < 3; i++) tied.push(randomUUID())
    const rows = tied.map((id) => validListing(id, { user_ref: owner.id, created_at: data.created_at }))
    const inserted = await service.from('listings').insert(rows)
    if (inserted.error) throw inserted.error
  })

  afterAll(async () => {
    await serviceClient().from('listings').delete().in('id', tied)
  })

  /** Walks every page the way the app's get-listings-page does; returns the ids in order. */
  async function walk(type: 'rent' | 'sale'): Promise<string[]> {
    const anon = anonClient()
    const seen: string[] = []
    let cursor: ListingsCursor | null = null
    for (let page = 0; page < 100; page++) {
      let query = anon.from('listings').select('id, created_at').eq('type', type)
      if (cursor) query = query.or(afterCursorFilter(cursor))
      const { data, error } = await query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(PAGE_SIZE + 1)
      if (error) throw error
      const listings = data.slice(0, PAGE_SIZE)
      seen.push(...listings.map((l) => l.id))
      const last = listings.at(-1)
      if (data.length <= PAGE_SIZE || !last) return seen
      cursor = { createdAt: last.created_at, id: last.id }
    }
    throw new Error('paging did not end')
  }

  it.each(['rent', 'sale'] as const)(
    'pages of %s listings hold every listing exactly once, newest first',
    async (type) => {
      const { data, error } = await serviceClient()
        .from('listings')
        .select('id')
        .eq('type', type)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
      if (error) throw error
      const paged = await walk(type)
      expect(paged.length).toBeGreaterThan(PAGE_SIZE)
      expect(new Set(paged).size).toBe(paged.length)
      expect(paged).toEqual(data.map((row) => row.id))
      if (type === 'rent') expect(paged).toEqual(expect.arrayContaining(tied))
    },
  )
})
