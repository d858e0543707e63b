import { storageErrors } from '../../core/storage/storage-error'

/** Image transformation options, as Supabase's render endpoint reads them from the query string. */
export type TransformOptions = {
  width: number | undefined
  height: number | undefined
  resize: 'cover' | 'contain' | 'fill'
  quality: number
  /** `origin` keeps the stored format; otherwise WebP. */
  format: 'webp' | 'origin'
}

const MAX_SIDE = 2500

/**
 * The sides a rendition is made at: a requested width or height is rounded up to the next of these,
 * and the quality up to a multiple of 10, so one object has a bounded number of renditions on disk
 * however many sizes are asked for.
 */
export const RENDITION_SIDES = [
  100,
  150,
  200,
  300,
  400,
  480,
  540,
  600,
  720,
  800,
  960,
  1080,
  1200,
  1600,
  2000,
  MAX_SIDE,
] as const

const snapSide = (side: number | undefined) =>
  side === undefined ? undefined : (RENDITION_SIDES.find((s) => s >= side) ?? MAX_SIDE)
const RESIZE_MODES = ['cover', 'contain', 'fill'] as const

function dimension(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > MAX_SIDE) {
    throw storageErrors.invalidRequest(`${name} must be an integer between 1 and ${MAX_SIDE}`)
  }
  return value
}

/** Reads width, height, resize (cover, contain, fill), quality (20–100, default 80) and format. */
export function parseTransformOptions(query: (name: string) => string | undefined): TransformOptions {
  const resize = query('resize') || 'cover'
  if (!(RESIZE_MODES as readonly string[]).includes(resize)) {
    throw storageErrors.invalidRequest('resize must be one of cover, contain or fill')
  }
  const rawQuality = query('quality')
  const quality = rawQuality === undefined || rawQuality === '' ? 80 : Number(rawQuality)
  if (!Number.isInteger(quality) || quality < 20 || quality > 100) {
    throw storageErrors.invalidRequest('quality must be an integer between 20 and 100')
  }
  const format = query('format') || 'webp'
  if (format !== 'webp' && format !== 'origin') {
    throw storageErrors.invalidRequest('format must be origin or webp')
  }
  return {
    width: snapSide(dimension('width', query('width'))),
    height: snapSide(dimension('height', query('height'))),
    resize: resize as TransformOptions['resize'],
    quality: Math.ceil(quality / 10) * 10,
    format,
  }
}

/** A stable name for one rendition of one object version (the cache key). */
export const renditionKey = (options: TransformOptions) =>
  `w${options.width ?? ''}h${options.height ?? ''}-${options.resize}-q${options.quality}-${options.format}`

const TRANSFORM_KEYS = ['width', 'height', 'resize', 'quality', 'format'] as const

/** The options storage-js sends with `createSignedUrl(…, { transform })`, as the token's text (`width:100,…`). */
export function transformationsText(transform: Record<string, unknown>): string {
  return TRANSFORM_KEYS.filter((key) => transform[key] !== undefined && transform[key] !== null)
    .map((key) => `${key}:${String(transform[key])}`)
    .join(',')
}

/** Reads a token's transformation text back into query-like values. */
export function parseTransformations(text: string): Map<string, string> {
  const values = new Map<string, string>()
  for (const part of text.split(',')) {
    const at = part.indexOf(':')
    if (at > 0) values.set(part.slice(0, at), part.slice(at + 1))
  }
  return values
}
