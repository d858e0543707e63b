// Prints the gzip size of the JavaScript each screen loads, from dist/.vite/manifest.json (run `npx vite build` first).
// Usage: npx tsx tests/bench/bundle-size.ts [--json]
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
type Manifest = Record<string, Chunk>

const dist = path.resolve(import.meta.dirname, '../../dist')
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest

/** Each screen and the route files whose split component chunks it renders (the root is in the entry). */
const SCREENS: Record<string, string[]> = {
  '/': ['src/routes/index.tsx'],
  '/offers': ['src/routes/offers.tsx'],
  '/category/rent': ['src/routes/category.$categoryName.tsx', 'src/routes/category.$categoryName.index.tsx'],
  '/category/rent/{id}': [
    'src/routes/category.$categoryName.tsx',
    'src/routes/category.$categoryName.$listingId.tsx',
  ],
  '/contact/{id}': ['src/routes/contact.$landlordId.tsx'],
  '/profile': ['src/routes/_authenticated.tsx', 'src/routes/_authenticated/profile.tsx'],
}

/** Loaded on demand by every screen as soon as the app starts (the data client). */
const STARTUP_LAZY = Object.keys(manifest).filter((key) => key.includes('@supabase/supabase-js'))

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
const isJs = (file: string) => /\.m?js$/.test(file)

function staticClosure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key]
    if (!chunk || into.has(key)) continue
    into.add(key)
    staticClosure(chunk.imports ?? [], into)
  }
  return into
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
if (!entryKey) throw new Error('No entry chunk in the manifest: was the build made with build.manifest?')
const entry = staticClosure([entryKey])
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10
const sum = (keys: Iterable<string>) =>
  [...keys]
    .map((key) => manifest[key]?.file ?? '')
    .filter(isJs)
    .reduce((total, file) => total + gzipSize(file), 0)

const startup = staticClosure(STARTUP_LAZY)
const report = Object.entries(SCREENS).map(([screen, routeFiles]) => {
  const routeKeys = routeFiles.flatMap((file) =>
    Object.keys(manifest).filter((key) => key === `${file}?tsr-split=component`),
  )
  const initial = staticClosure(routeKeys, new Set(entry))
  const withData = new Set([...initial, ...[...startup].filter((key) => !initial.has(key))])
  return { screen, initialKb: kb(sum(initial)), withDataClientKb: kb(sum(withData)) }
})

if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2))
else {
  console.log('gzip kB: entry + static imports + route chunks (initial); plus the lazily loaded data client')
  for (const row of report)
    console.log(
      `${row.screen.padEnd(22)} ${String(row.initialKb).padStart(7)} ${String(row.withDataClientKb).padStart(7)}`,
    )
}
