import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { signedInUser, type TestUser } from './support/clients'
import { withPublishingFacts } from './support/publishing-facts'

/** The schema refuses junk whoever writes it: the form's rules hold for a request that skips the form. */

let owner: TestUser
let other: TestUser
beforeAll(async () => {
  ;[owner, other] = await Promise.all([signedInUser('Schema Owner'), signedInUser('Schema Other')])
})

const objectUrl = (host: string, user: string, file = '1.jpg') =>
  `${host}/storage/v1/object/public/listing-images/${user}/${randomUUID()}/${file}`

function listing(overrides: Record<string, unknown> = {}) {
  return withPublishingFacts({
    id: randomUUID(),
    type: 'rent',
    name: 'A visible name',
    bedrooms: 2,
    bathrooms: 1,
    location: '1 High Street, York',
    regular_price: 900,
    image_urls: [objectUrl('http://127.0.0.1:54321', owner.id)],
    latitude: 53.96,
    longitude: -1.08,
    ...overrides,
  })
}

async function insert(overrides: Record<string, unknown>) {
  const { error } = await owner.client.from('listings').insert(listing(overrides))
  return error
}

describe('names and addresses are visible text', () => {
  it.each([
    ['ten spaces', { name: ' '.repeat(10) }, 'listings_name_visible'],
    ['ten zero-width spaces', { name: '\u200b'.repeat(10) }, 'listings_name_visible'],
    [
      'zero-width padding around a short name',
      { name: '\u200b\u200bFlat\u200b\u200b\u2060\ufeff' },
      'listings_name_visible',
    ],
    ['an address of whitespace', { location: '\t\u00a0\u3000 ' }, 'listings_location_visible'],
    ['an address of zero-width spaces', { location: '\u200b\u200c\u200d' }, 'listings_location_visible'],
    ['a very long address', { location: 'x'.repeat(301) }, 'listings_location_length'],
  ])('refuses %s', async (_, overrides, constraint) => {
    const error = await insert(overrides)
    expect(error?.code).toBe('23514')
    expect(error?.message).toContain(constraint)
  })

  it('takes a name with ordinary spaces inside it', async () => {
    expect(await insert({ name: 'Flat  by  the sea' })).toBeNull()
  })
})

describe("images are objects of the listing-images bucket in the owner's folder", () => {
  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['an empty string', ''],
    ['a megabyte of text', `https://example.com/${'a'.repeat(500_000)}`],
    ['a data: URL', 'data:image/png;base64,AAAA'],
    ['a URL with a query', 'https://example.com/a.jpg?x=1'],
    ["another user's folder", objectUrl('http://127.0.0.1:54321', '00000000-0000-4000-8000-000000000000')],
    ['another bucket', 'http://127.0.0.1:54321/storage/v1/object/public/avatars/u/1.jpg'],
    ['a path that climbs out', 'http://127.0.0.1:54321/storage/v1/object/public/listing-images/../../x.jpg'],
  ])('refuses %s', async (_, url) => {
    const error = await insert({ image_urls: [url] })
    expect(error?.message ?? '').toMatch(/listings_image_urls_valid/)
  })

  it('takes the local stack’s and hosted Supabase’s object URLs', async () => {
    expect(await insert({ image_urls: [objectUrl('http://127.0.0.1:54321', owner.id)] })).toBeNull()
    expect(
      await insert({
        image_urls: [objectUrl('https://abcdefghijklmnop.supabase.co', owner.id, 'cover.webp')],
      }),
    ).toBeNull()
  })

  it("refuses an edit that points at someone else's folder", async () => {
    const row = listing()
    expect((await owner.client.from('listings').insert(row)).error).toBeNull()
    const { error } = await owner.client
      .from('listings')
      .update({ image_urls: [objectUrl('http://127.0.0.1:54321', other.id)] })
      .eq('id', row.id)
    expect(error?.message).toContain('listings_image_urls_valid')
  })
})
