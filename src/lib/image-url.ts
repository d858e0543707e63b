// Defined with the other helpers index.html's inline script declares from their source (src/utils/inline-script-helpers.ts).
import type { ImageTransform } from '../utils/inline-script-helpers'

export {
  buildImageUrl,
  type ImageTransform,
  type ImageUrlConfig,
} from '../utils/inline-script-helpers'

/**
 * One size per use, so the copy kept for offline use is exactly the one shown: a card's cover (a 400×300 box,
 * sharp on 2× screens) and a photo in the slider or gallery (full width on a phone).
 */
export const LISTING_IMAGE = {
  card: { width: 720, height: 540, resize: 'cover', quality: 70 },
  photo: { width: 800, quality: 70 },
} as const satisfies Record<string, ImageTransform>
