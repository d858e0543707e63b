// JavaScript and CSS each screen loads, gzip and brotli, from dist/.vite/manifest.json (build.manifest is on).
// Usage: npx tsx tests/bench/bundle-size.ts [distDir] [--json]   (run `npx vite build` first)
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'

type Chunk = {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  assets?: string[]
}
export type Manifest = Record<string, Chunk>

/** Each screen and the route files whose split component chunks it renders (the root is in the entry). */
export const SCREENS: Record<string, string[]> = {
  '/': ['src/routes/index.tsx'],
  '/offers': ['src/routes/offers.tsx'],
  '/search': ['src/routes/search.tsx'],
  '/category/rent': ['src/routes/category.$categoryName.tsx', 'src/routes/category.$categoryName.index.tsx'],
  '/category/rent/{id} (before the map)': [
    'src/routes/category.$categoryName.tsx',
    'src/routes/category.$categoryName.$listingId.tsx',
  ],
  '/create-listing': ['src/routes/_authenticated.tsx', 'src/routes/_authenticated/create-listing.tsx'],
}
/** The listing page's map: loaded when its frame is scrolled into view. */
export const MAP_MODULE = 'src/features/map/components/location-map.tsx'
export const LISTING_SCREEN = '/category/rent/{id} (before the map)'

/**
 * Loaded on demand by every screen at start: the device database (loaders read and mirror through it), at
 * once on a return visit and, on a first visit, once the screen has loaded; and workbox-window, which
 * registers the service worker after the load event.
 */
const STARTUP_LAZY = ['src/lib/local-db.ts', 'node_modules/workbox-window/build/workbox-window.prod.es5.mjs']
/**
 * Loaded on demand by one screen at start. Swiper is not: the slider and the gallery work without it, and it
 * loads when the person reaches for one (src/features/listings/components/slide-track.tsx).
 */
const SCREEN_LAZY: Record<string, string[]> = {
  // A signed-in screen: the stored session makes the app load supabase-js at start.
  '/create-listing': ['node_modules/@supabase/supabase-js/dist/index.mjs'],
}

export type Sizes = { raw: number; gzip: number; brotli: number }
export type ScreenBundle = {
  screen: string
  js: Sizes
  css: Sizes
  /** JS of the first render alone (entry, static imports, the route's chunks), without the lazy chunks loaded at start. */
  initialJsGzip: number
  /** The JS files of the first render alone. */
  initialFiles: string[]
  files: string[]
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest
}

const cache = new Map<string, Sizes>()
/** Raw, gzip -9 and brotli (quality 11) bytes of one built file, as `npm start`'s static host sends it. */
export function fileSizes(dist: string, file: string): Sizes {
  const key = path.join(dist, file)
  const known = cache.get(key)
  if (known) return known
  const raw = readFileSync(key)
  const sizes = {
    raw: raw.length,
    gzip: zlib.gzipSync(raw, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }).length,
  }
  cache.set(key, sizes)
  return sizes
}

export function sumSizes(dist: string, files: Iterable<string>): Sizes {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 }
  for (const file of files) {
    const s = fileSizes(dist, file)
    total.raw += s.raw
    total.gzip += s.gzip
    total.brotli += s.brotli
  }
  return total
}

export const isJs = (file: string) => /\.m?js$/.test(file)
export const isCss = (file: string) => file.endsWith('.css')

function staticClosure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk || into.has(key)) continue
    into.add(key)
    staticClosure(manifest, chunk.imports ?? [], into)
  }
  return into
}

/** The files (JS, CSS, worker assets) of a set of chunks. */
function filesOf(manifest: Manifest, keys: Iterable<string>, withAssets = false): string[] {
  const files = new Set<string>()
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk) continue
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    if (withAssets) for (const asset of chunk.assets ?? []) if (isJs(asset)) files.add(asset)
  }
  return [...files]
}

/** The chunks a screen loads: entry and its static imports, the route chunks, and the screen's start-up lazy chunks. */
export function screenChunks(
  manifest: Manifest,
  routeFiles: string[],
  lazyAtStart: string[] = STARTUP_LAZY,
): { initial: Set<string>; all: Set<string> } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entryKey) throw new Error('No entry chunk in the manifest: was the build made with build.manifest?')
  const routeKeys = routeFiles.flatMap((file) =>
    Object.keys(manifest).filter((key) => key === `${file}?tsr-split=component`),
  )
  const initial = staticClosure(manifest, [entryKey, ...routeKeys])
  // node_modules keys are relative to the real folder, which may sit outside the checkout (../…/node_modules/…).
  const keyOf = (file: string) =>
    Object.keys(manifest).find((key) => key === file || key.endsWith(`/${file}`))
  const lazyKeys = lazyAtStart.map((file) => {
    const key = keyOf(file)
    if (!key) throw new Error(`Not in the manifest (moved or renamed?): ${file}`)
    return key
  })
  const all = staticClosure(manifest, lazyKeys, new Set(initial))
  return { initial, all }
}

export function measureScreens(dist: string): ScreenBundle[] {
  const manifest = readManifest(dist)
  const rows: ScreenBundle[] = []
  for (const [screen, routeFiles] of Object.entries(SCREENS)) {
    const { initial, all } = screenChunks(manifest, routeFiles, [
      ...STARTUP_LAZY,
      ...(SCREEN_LAZY[screen] ?? []),
    ])
    const files = filesOf(manifest, all)
    const initialFiles = filesOf(manifest, initial).filter(isJs)
    const initialJsGzip = sumSizes(dist, initialFiles).gzip
    rows.push({
      screen,
      js: sumSizes(dist, files.filter(isJs)),
      css: sumSizes(dist, files.filter(isCss)),
      initialJsGzip,
      initialFiles,
      files,
    })
    if (screen === LISTING_SCREEN) {
      // The map chunk, maplibre, its CSS and its worker module, which maplibre fetches when the map starts.
      const map = staticClosure(
        manifest,
        [MAP_MODULE, ...(manifest[MAP_MODULE]?.dynamicImports ?? [])],
        new Set(all),
      )
      const withMap = filesOf(manifest, map, true)
      rows.push({
        screen: '/category/rent/{id} (after the map)',
        js: sumSizes(dist, withMap.filter(isJs)),
        css: sumSizes(dist, withMap.filter(isCss)),
        initialJsGzip,
        initialFiles,
        files: withMap,
      })
    }
  }
  return rows
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href
if (isMain) {
  const distArg = process.argv.slice(2).find((a) => !a.startsWith('--'))
  const dist = path.resolve(distArg ?? path.join(import.meta.dirname, '../../dist'))
  const report = measureScreens(dist)
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2))
  else {
    const k = (b: number) => (b / 1024).toFixed(1).padStart(7)
    console.log(
      'KiB: JS gzip / brotli, CSS gzip / brotli (entry, static imports, route chunks, the lazy chunks each screen loads at start)',
    )
    for (const row of report)
      console.log(
        `${row.screen.padEnd(38)} ${k(row.js.gzip)} ${k(row.js.brotli)} ${k(row.css.gzip)} ${k(row.css.brotli)}`,
      )
  }
}
