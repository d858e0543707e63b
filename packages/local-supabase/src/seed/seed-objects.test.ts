import { describe, expect, it } from 'vitest'
import { seedObjectOf } from './seed-objects'

const OWNER = '11111111-1111-4111-8111-111111111111'
const LISTING = '5eed0000-0000-4000-8000-000000000001'
const url = (host: string, objectPath: string) =>
  `${host}/storage/v1/object/public/listing-images/${objectPath}`

describe('seed image URLs', () => {
  it('name an object under the owner and listing, on any local port', () => {
    expect(seedObjectOf(url('http://127.0.0.1:55721', `${OWNER}/${LISTING}/3.jpg`), OWNER, LISTING)).toEqual({
      owner: OWNER,
      listingId: LISTING,
      path: `${OWNER}/${LISTING}/3.jpg`,
      index: 3,
    })
  })

  it('are ignored when they point elsewhere than the owner and listing folder', () => {
    const other = '22222222-2222-4222-8222-222222222222'
    expect(
      seedObjectOf(url('http://127.0.0.1:54321', `${other}/${LISTING}/1.jpg`), OWNER, LISTING),
    ).toBeUndefined()
    expect(
      seedObjectOf(url('http://127.0.0.1:54321', `${OWNER}/${LISTING}/7.jpg`), OWNER, LISTING),
    ).toBeUndefined()
    expect(seedObjectOf('https://example.com/house.jpg', OWNER, LISTING)).toBeUndefined()
  })
})
