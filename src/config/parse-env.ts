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
  VITE_MAP_TILES: optionalText,
  VITE_MAP_ATTRIBUTION: optionalText,
  VITE_MAP_MAX_ZOOM: z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.pipe(z.string().check(z.regex(/^\d{1,2}$/)), z.transform(Number))),
  ),
  // Web Push's VAPID public key (base64url of the 65-byte P-256 point): without it alerts stay in the app.
  VITE_VAPID_PUBLIC_KEY: z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/))),
  ),
})

/** The local stack's tiles (packages/local-supabase/src/tiles): Natural Earth land and coastlines, GeoNames places. */
const LOCAL_TILES_PATH = '/tiles/v1/{z}/{x}/{y}.png'
const LOCAL_TILES_ATTRIBUTION = 'Made with Natural Earth · Places © GeoNames (CC BY 4.0)'
const LOCAL_TILES_MAX_ZOOM = 14
/** What a hosted raster provider usually serves when VITE_MAP_MAX_ZOOM does not say. */
const HOSTED_TILES_MAX_ZOOM = 19

export type AppEnv = {
  supabaseUrl: string
  supabaseAnonKey: string
  geocoderUrl: string
  geocoderKey: string
  geocoding: boolean
  /** Listing photos are fetched resized through Storage's image transformation endpoint. */
  imageTransforms: boolean
  /** Raster tile URL template ({z}/{x}/{y}); the local stack's own tiles unless VITE_MAP_TILES names a provider. */
  mapTiles: string
  mapAttribution: string
  /** The deepest zoom the tile server draws; the map scales those tiles up beyond it. */
  mapMaxZoom: number
  /** The VAPID public key push subscriptions are made with; null when the server sends no push. */
  vapidPublicKey: string | null
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
    mapTiles: e.VITE_MAP_TILES ?? `${supabaseUrl}${LOCAL_TILES_PATH}`,
    mapAttribution: e.VITE_MAP_ATTRIBUTION ?? (e.VITE_MAP_TILES ? '' : LOCAL_TILES_ATTRIBUTION),
    mapMaxZoom: e.VITE_MAP_MAX_ZOOM ?? (e.VITE_MAP_TILES ? HOSTED_TILES_MAX_ZOOM : LOCAL_TILES_MAX_ZOOM),
    vapidPublicKey: e.VITE_VAPID_PUBLIC_KEY ?? null,
  }
}
