import sharp from 'sharp'
import { listingImageSvg, type PhotoKind, randomFrom } from './listing-image-svg'

const GRAIN_SIZE = 256

/** A tile of film grain (light and dark specks, mostly transparent), the same on every run. */
function grainTile(): Buffer {
  const random = randomFrom('roost-grain')
  const pixels = Buffer.alloc(GRAIN_SIZE * GRAIN_SIZE * 4)
  for (let i = 0; i < pixels.length; i += 4) {
    const shade = random() < 0.5 ? 0 : 255
    pixels[i] = shade
    pixels[i + 1] = shade
    pixels[i + 2] = shade
    pixels[i + 3] = Math.floor(random() * 14)
  }
  return pixels
}

let grain: Buffer | undefined

/** A seed listing photo as a JPEG, byte-for-byte the same for the same kind and variant. */
export async function renderListingImage(kind: PhotoKind, variant: number): Promise<Buffer> {
  grain ??= grainTile()
  return sharp(Buffer.from(listingImageSvg(kind, variant)))
    .composite([{ input: grain, raw: { width: GRAIN_SIZE, height: GRAIN_SIZE, channels: 4 }, tile: true }])
    .jpeg({ quality: 75, progressive: true })
    .toBuffer()
}
