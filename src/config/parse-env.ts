import * as z from 'zod/mini'
import { DEFAULT_SUPABASE_URL } from './defaults'

/** The local stack's anon key (Supabase CLI's well-known local default); not a secret. */
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalText = z.pipe(z.transform(blankToUndefined), z.optional(z.string()))

const RawEnvSchema = z.object({
  VITE_SUPABASE_URL: z.pipe(z.transform(blankToUndefined), z._default(z.url(), DEFAULT_SUPABASE_URL)),
  VITE_SUPABASE_ANON_KEY: z.pipe(z.transform(blankToUndefined), z._default(z.string(), LOCAL_ANON_KEY)),
  VITE_GEOCODER_URL: z.pipe(z.transform(blankToUndefined), z.optional(z.url())),
  VITE_GEOCODER_KEY: optionalText,
  VITE_GEOCODING: z.pipe(z.transform(blankToUndefined), z._default(z.enum(['on', 'off']), 'on')),
  VITE_IMAGE_TRANSFORMS: z.pipe(z.transform(blankToUndefined), z._default(z.enum(['on', 'off']), 'on')),
  VITE_MAP_TILES: z.pipe(
    z.transform(blankToUndefined),
    z._default(z.string(), 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  VITE_MAP_ATTRIBUTION: z.pipe(
    z.transform(blankToUndefined),
    z._default(z.string(), '© OpenStreetMap contributors'),
  ),
})

export type AppEnv = {
  supabaseUrl: string
  supabaseAnonKey: string
  geocoderUrl: string
  geocoderKey: string
  geocoding: boolean
  /** Listing photos are fetched resized through Storage's image transformation endpoint. */
  imageTransforms: boolean
  mapTiles: string
  mapAttribution: string
}

/** Validates the raw build-time variables and fills in the local-stack defaults. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const result = RawEnvSchema.safeParse(raw)
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.')).join(', ')
    throw new Error(`Invalid app configuration: ${fields}`)
  }
  const e = result.data
  const supabaseUrl = e.VITE_SUPABASE_URL.replace(/\/+$/, '')
  return {
    supabaseUrl,
    supabaseAnonKey: e.VITE_SUPABASE_ANON_KEY,
    geocoderUrl: e.VITE_GEOCODER_URL ?? `${supabaseUrl}/geocode/v1/search`,
    geocoderKey: e.VITE_GEOCODER_KEY ?? e.VITE_SUPABASE_ANON_KEY,
    geocoding: e.VITE_GEOCODING === 'on',
    imageTransforms: e.VITE_IMAGE_TRANSFORMS === 'on',
    mapTiles: e.VITE_MAP_TILES,
    mapAttribution: e.VITE_MAP_ATTRIBUTION,
  }
}
