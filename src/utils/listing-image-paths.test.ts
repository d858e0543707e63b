import { describe, expect, it } from 'vitest'
import { storagePathsFromUrls } from './listing-image-paths'

describe('deleting a listing removes the files behind its image URLs', () => {
  const base = 'http://127.0.0.1:54321/storage/v1/object/public/listing-images'

  it('turns public URLs into bucket paths', () => {
    expect(storagePathsFromUrls([`${base}/u1/l1/0-abc.jpg`, `${base}/u1/l1/1-d%20e.jpg`])).toEqual([
      'u1/l1/0-abc.jpg',
      'u1/l1/1-d e.jpg',
    ])
  })

  it('skips URLs of other buckets, other shapes and path tricks', () => {
    expect(
      storagePathsFromUrls([
        'http://x/storage/v1/object/public/avatars/u1/a.jpg',
        'not a url',
        'https://images.example/photo.jpg',
        `${base}/u1/%2F..%2Fx.jpg`,
        `${base}/`,
      ]),
    ).toEqual([])
  })
})
