export type ImageTransform = {
  width: number
  height?: number
  resize?: 'cover' | 'contain'
  quality?: number
}

export type ImageUrlConfig = { enabled: boolean; supabaseUrl: string }

/**
 * A public Storage image's address, resized by Supabase's image transformation endpoint (as storage-js's
 * getPublicUrl(path, { transform }) builds it). Other addresses, and every address when transforms are
 * off (VITE_IMAGE_TRANSFORMS=off, e.g. a hosted plan without them), stay as they are.
 * Self-contained (browser globals only): index.html's inline script runs this very function's source.
 */
export function buildImageUrl(url: string, transform: ImageTransform, config: ImageUrlConfig): string {
  const objectPrefix = `${config.supabaseUrl}/storage/v1/object/public/`
  if (!config.enabled || !url.startsWith(objectPrefix)) return url
  const params = new URLSearchParams({ width: String(transform.width) })
  if (transform.height) params.set('height', String(transform.height))
  params.set('resize', transform.resize ?? 'cover')
  if (transform.quality) params.set('quality', String(transform.quality))
  const path = url.slice(objectPrefix.length).split('?')[0]
  return `${config.supabaseUrl}/storage/v1/render/image/public/${path}?${params}`
}

/**
 * One size per use, so the copy kept for offline use is exactly the one shown: a card's cover (a 400×300 box,
 * sharp on 2× screens) and a photo in the slider or gallery (full width on a phone).
 */
export const LISTING_IMAGE = {
  card: { width: 720, height: 540, resize: 'cover', quality: 70 },
  photo: { width: 800, quality: 70 },
} as const satisfies Record<string, ImageTransform>
