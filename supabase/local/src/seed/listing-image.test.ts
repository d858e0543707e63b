import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { renderListingImage } from './listing-image'
import { listingImageSvg, SEED_IMAGE_HEIGHT, SEED_IMAGE_WIDTH } from './listing-image-svg'

const LISTING = '5eed0000-0000-4000-8000-000000000001'

describe('seed listing images', () => {
  it('are 1200×800 JPEGs of a size a real photo upload would have', async () => {
    const image = await renderListingImage(LISTING, 1)
    const meta = await sharp(image).metadata()
    expect(meta.format).toBe('jpeg')
    expect([meta.width, meta.height]).toEqual([SEED_IMAGE_WIDTH, SEED_IMAGE_HEIGHT])
    expect(image.length).toBeGreaterThan(40_000)
    expect(image.length).toBeLessThan(160_000)
  })

  it('are the same bytes every time for the same listing and index', async () => {
    const [first, second] = await Promise.all([
      renderListingImage(LISTING, 2),
      renderListingImage(LISTING, 2),
    ])
    expect(first.equals(second)).toBe(true)
  })

  it('differ between listings and between the photos of one listing', () => {
    const other = '5eed0000-0000-4000-8000-000000000002'
    expect(listingImageSvg(LISTING, 1)).not.toBe(listingImageSvg(other, 1))
    expect(listingImageSvg(LISTING, 2)).not.toBe(listingImageSvg(LISTING, 3))
  })

  it('show a house front as the cover and rooms after it', () => {
    expect(listingImageSvg(LISTING, 1)).toContain('id="lawn"')
    expect(listingImageSvg(LISTING, 2)).not.toContain('id="lawn"')
  })
})
