import { describe, expect, it } from 'vitest'
import { transformedImageUrl } from './image-transform'

const config = { enabled: true, supabaseUrl: 'https://ref.supabase.co' }
const photo = 'https://ref.supabase.co/storage/v1/object/public/listing-images/u1/l1/front%20door.jpg'

describe('listing photos are asked for at the size they are shown', () => {
  it("turns a public object URL into storage-js's render URL", () => {
    expect(transformedImageUrl(photo, { width: 720, height: 540, quality: 70 }, config)).toBe(
      'https://ref.supabase.co/storage/v1/render/image/public/listing-images/u1/l1/front%20door.jpg?width=720&height=540&resize=cover&quality=70',
    )
  })
  it('leaves other hosts, and everything when transforms are off, untouched', () => {
    expect(transformedImageUrl('https://elsewhere.example/a.jpg', { width: 10 }, config)).toBe(
      'https://elsewhere.example/a.jpg',
    )
    expect(transformedImageUrl(photo, { width: 10 }, { ...config, enabled: false })).toBe(photo)
  })
})
