import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { renderListingImage } from './listing-image'
import {
  listingImageSvg,
  PHOTO_KINDS,
  PHOTO_VARIANTS,
  SEED_IMAGE_HEIGHT,
  SEED_IMAGE_WIDTH,
  seedPhoto,
} from './listing-image-svg'

const LISTING = '5eed0000-0000-4000-8000-000000000001'

describe('seed listing images', () => {
  it('are 1200×800 JPEGs of a size a real photo upload would have', async () => {
    const image = await renderListingImage('outside', 0)
    const meta = await sharp(image).metadata()
    expect(meta.format).toBe('jpeg')
    expect([meta.width, meta.height]).toEqual([SEED_IMAGE_WIDTH, SEED_IMAGE_HEIGHT])
    expect(image.length).toBeGreaterThan(40_000)
    expect(image.length).toBeLessThan(160_000)
  })

  it('are the same bytes every time for the same kind and variant', async () => {
    const [first, second] = await Promise.all([
      renderListingImage('kitchen', 2),
      renderListingImage('kitchen', 2),
    ])
    expect(first.equals(second)).toBe(true)
  })

  it('differ between kinds and between the variants of one kind', () => {
    const drawings = PHOTO_KINDS.flatMap((kind) =>
      Array.from({ length: PHOTO_VARIANTS[kind] }, (_, variant) => listingImageSvg(kind, variant)),
    )
    expect(new Set(drawings).size).toBe(drawings.length)
  })

  it('show a house front as the cover and other kinds after it, each kind once per listing', () => {
    expect(seedPhoto(LISTING, 1).kind).toBe('outside')
    expect(listingImageSvg('outside', 0)).toContain('id="lawn"')
    const kinds = [2, 3, 4, 5, 6].map((index) => seedPhoto(LISTING, index).kind)
    expect(new Set(kinds)).toEqual(new Set(PHOTO_KINDS.slice(1)))
  })

  it('vary between listings', () => {
    const covers = new Set(
      Array.from(
        { length: 40 },
        (_, n) => seedPhoto(`5eed0000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`, 1).variant,
      ),
    )
    expect(covers.size).toBeGreaterThan(8)
  })
})
