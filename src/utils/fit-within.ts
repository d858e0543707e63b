/** The longest side, in pixels, of an image as it is uploaded. */
export const MAX_IMAGE_SIDE = 1600

/** JPEG quality of uploaded images: small files, no visible loss on a phone screen. */
export const JPEG_QUALITY = 0.82

/**
 * The size an image is drawn at so its longest side is at most maxSide, keeping its proportions.
 * Smaller images keep their size (never enlarged); every side is at least 1 px.
 */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number = MAX_IMAGE_SIDE,
): { width: number; height: number } {
  if (!(width > 0 && height > 0)) throw new RangeError('An image needs a positive width and height')
  const longest = Math.max(width, height)
  if (longest <= maxSide) return { width: Math.round(width), height: Math.round(height) }
  const scale = maxSide / longest
  return {
    width: Math.max(1, Math.min(maxSide, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxSide, Math.round(height * scale))),
  }
}
