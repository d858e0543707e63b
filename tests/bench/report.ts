// Writes the bench results as report.json (everything) and report.md (tables, targets met or missed).
import fs from 'node:fs'
import path from 'node:path'
import type { BenchSeedResult } from '@roost/local-supabase/cli/bench-seed'
import { LISTING_SCREEN, type ScreenBundle } from './bundle-size'
import type { CacheFootprint } from './cache-footprint'
import {
  CPU_SLOWDOWN,
  EVENT_THRESHOLD_MS,
  type InteractionPhases,
  type InteractionResult,
} from './interaction'
import type { LighthousePage } from './lighthouse'
import { type LoadReport, loadMarkdown } from './load'
import { MAIN_THREAD_SLOWDOWN, type MainThreadPage } from './main-thread'
import type { MapReport } from './map'
import type { ModerationReport } from './moderation'
import type { OfflineReport } from './offline'
import { type PhotoReport, SHRINK, THROTTLE } from './photos'
import type { QueryReport } from './queries'
import { type SavedSearchReport, savedSearchMarkdown } from './saved-search'
import { kib, round } from './stats'

export type BenchReport = {
  generatedAt: string
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; loadAverage: number[] }
  commands: { build: string; sourcemapBuild: string }
  listingPath: string
  seed: BenchSeedResult
  bundles: (ScreenBundle & {
    modules: { group: string; bytes: number }[]
    /** The same, for the first render's files alone. */
    initialModules: { group: string; bytes: number }[]
  })[]
  lighthouse: LighthousePage[]
  mainThread: MainThreadPage[]
  queries: QueryReport
  photos: PhotoReport
  offline: OfflineReport
  cacheFootprint: CacheFootprint
  interactions: InteractionResult[]
  load?: LoadReport
  savedSearches?: SavedSearchReport
  moderation?: ModerationReport
  maps: MapReport
  durationSeconds: number
}

type Target = { target: string; measured: string; met: boolean; margin: string; cause: string }

const s = (ms: number) => `${round(ms / 1000, 2)} s`

/** Where a screen's largest paint came, after 1.8 s: its element and how far it trails the first paint. */
function lcpCause(m: LighthousePage['median']): string {
  const element = m.lcpElement ? `\`${m.lcpElement.slice(0, 80)}\`` : '(unknown)'
  return `LCP element ${element}, ${s(m.lcpMs - m.fcpMs)} after the first paint, which the simulation puts at ${s(m.fcpMs)}`
}

/** What a screen's TBT is made of: the blocking time of its median run's long tasks, by source. */
function tbtCause(m: LighthousePage['median']): string {
  if (m.blockingBySource.length === 0) return 'no long task after the first paint in the median run'
  const top = m.blockingBySource
    .slice(0, 3)
    .map(({ source, ms }) => `${source} ${ms} ms`)
    .join(', ')
  return `long tasks after the first paint at the simulated 4× CPU slowdown, blocking time by source (the median run): ${top}`
}

/** A slow interaction's cause: the phase of its longest event that took most, with all three (medians). */
function interactionCause(phases: InteractionPhases | null): string {
  if (!phases) return ''
  const { inputDelayMs, processingMs, presentationMs } = phases
  const parts: [number, string][] = [
    [inputDelayMs, 'waiting for the events before it (input delay)'],
    [processingMs, 'its handlers'],
    [presentationMs, 'rendering the next frame after them'],
  ]
  const [, most] = parts.reduce((max, part) => (part[0] > max[0] ? part : max))
  return `mostly ${most}: input delay ${inputDelayMs} ms, handlers ${processingMs} ms, next frame ${presentationMs} ms (medians of the longest event)`
}

function targets(r: BenchReport): Target[] {
  const out: Target[] = []
  // Issue #13's targets: Lighthouse mobile defaults, median of 3, on every screen the bench opens.
  for (const p of r.lighthouse) {
    const m = p.median
    out.push({
      target: `Lighthouse mobile performance ≥ 98 on ${p.name}`,
      measured: String(m.score),
      met: m.score >= 98,
      margin: `${m.score - 98 >= 0 ? '+' : ''}${m.score - 98} points`,
      cause: m.score >= 98 ? '' : `LCP ${s(m.lcpMs)}, TBT ${m.tbtMs} ms, CLS ${m.cls} (see below)`,
    })
    out.push({
      target: `LCP ≤ 1.8 s on ${p.name}`,
      measured: s(m.lcpMs),
      met: m.lcpMs <= 1800,
      margin: `${m.lcpMs <= 1800 ? '' : '+'}${s(m.lcpMs - 1800)}`,
      cause: m.lcpMs <= 1800 ? '' : lcpCause(m),
    })
    out.push({
      target: `TBT ≤ 100 ms on ${p.name}`,
      measured: `${m.tbtMs} ms`,
      met: m.tbtMs <= 100,
      margin: `${m.tbtMs - 100 >= 0 ? '+' : ''}${m.tbtMs - 100} ms`,
      cause: m.tbtMs <= 100 ? '' : tbtCause(m),
    })
    out.push({
      target: `CLS ≤ 0.01 on ${p.name}`,
      measured: String(m.cls),
      met: m.cls <= 0.01,
      margin: `${round(m.cls - 0.01, 3)}`,
      cause: m.cls <= 0.01 ? '' : 'content shifting when data or images arrive',
    })
  }
  for (const i of r.interactions) {
    out.push({
      target: `${i.name} paints within 100 ms at ${CPU_SLOWDOWN}× CPU slowdown (Event Timing, median)`,
      measured: i.measured ? `${i.medianMs} ms` : 'not measured',
      met: i.measured && i.medianMs <= 100,
      margin: i.measured ? `${i.medianMs - 100 >= 0 ? '+' : ''}${round(i.medianMs - 100, 0)} ms` : '',
      cause: !i.measured ? i.reason : i.medianMs <= 100 ? '' : interactionCause(i.phases),
    })
  }
  // Issue #13's JS targets: a first visit's scripts (everything fetched at start, the device database
  // included; Swiper loads when the slider is reached for); those the browser has before the first paint, as
  // Chromium loads the screen; and those of the app's first render (React's), which comes after that paint.
  const mainThreadName = (screen: string) => (screen === LISTING_SCREEN ? 'listing page' : screen)
  for (const name of ['/', '/offers', LISTING_SCREEN, '/search']) {
    const screen = r.bundles.find((b) => b.screen === name)
    if (!screen) continue
    const top = (modules: { group: string; bytes: number }[]) =>
      modules
        .slice(0, 4)
        .map((m) => `${m.group} ${kib(m.bytes)} KiB min`)
        .join(', ')
    const firstPaint = r.mainThread.find((p) => p.name === mainThreadName(name))?.firstPaintJs
    const targets = [
      {
        what: `JS for a first visit of '${name}'`,
        bytes: screen.js.gzip,
        budget: 150,
        cause: `largest parts: ${top(screen.modules)}`,
      },
      ...(firstPaint
        ? [
            {
              what: `JS before the first paint of '${name}' (Chromium: inline scripts, and files asked for before FCP)`,
              bytes: firstPaint.gzip,
              budget: 100,
              cause: `files asked for before the first paint: ${firstPaint.files.map((f) => `${f.path} ${kib(f.gzip)} KiB`).join(', ')}`,
            },
          ]
        : []),
      {
        what: `JS for the app's first render of '${name}' (React's, after the first paint)`,
        bytes: screen.initialJsGzip,
        budget: 100,
        cause: `largest parts: ${top(screen.initialModules)}; the first screen is drawn before it, by the HTML's inline script`,
      },
    ]
    for (const t of targets) {
      // The issue's KB, read as kB (1000 bytes): the stricter of its two readings.
      const met = t.bytes <= t.budget * 1000
      out.push({
        target: `${t.what} ≤ ${t.budget} kB gzip`,
        measured: `${kib(t.bytes)} KiB (${round(t.bytes / 1000, 1)} kB)`,
        met,
        margin: `${met ? '' : '+'}${round((t.bytes - t.budget * 1000) / 1000, 1)} kB`,
        cause: met ? '' : t.cause,
      })
    }
  }
  const q = r.queries.queries
  const p1 = q.find((x) => x.name === 'category-page-1')
  const p500 = q.find((x) => x.name === 'category-page-500')
  const unbounded = q.find((x) => x.name === 'category-page-500-unbounded')
  if (p1 && p500) {
    const ratio = round(p500.stack.c1.p50Ms / p1.stack.c1.p50Ms, 2)
    const sqlRatio = round(p500.explain.executionMs / p1.explain.executionMs, 1)
    out.push({
      target: 'category page 500 within 1.5× of page 1 (p50 through the stack, concurrency 1)',
      measured: `${ratio}× (${p500.stack.c1.p50Ms} vs ${p1.stack.c1.p50Ms} ms; in Postgres ${sqlRatio}×: ${p500.explain.executionMs} vs ${p1.explain.executionMs} ms, ${p500.explain.sharedHit} vs ${p1.explain.sharedHit} buffers)`,
      met: ratio <= 1.5,
      margin: `${ratio <= 1.5 ? '' : '+'}${round(ratio - 1.5, 2)}×`,
      cause:
        ratio <= 1.5 && p500.explain.rowsRemovedByFilter < 100
          ? ''
          : p500.explain.rowsRemovedByFilter >= 100
            ? `page 500 walks and discards ${p500.explain.rowsRemovedByFilter} rows before its own: the keyset condition is a Filter on the (type, created_at desc, id desc) index, not an index bound`
            : `the plan is the same as page 1's (${p500.explain.rowsRemovedByFilter} rows removed by filter): the gap is timing noise from other jobs on the machine${
                unbounded
                  ? `; for scale, without the created_at bound page 500 costs ${unbounded.explain.executionMs} ms and ${unbounded.explain.sharedHit} buffers in Postgres`
                  : ''
              }`,
    })
    for (const x of [p1, p500, ...q.filter((query) => query.name.startsWith('search-'))]) {
      out.push({
        target: `${x.name}: p95 < 20 ms at ${r.queries.listings.toLocaleString('en-GB')} listings (through the stack, concurrency 1)`,
        measured: `${x.stack.c1.p95Ms} ms`,
        met: x.stack.c1.p95Ms < 20,
        margin: `${x.stack.c1.p95Ms < 20 ? '' : '+'}${round(x.stack.c1.p95Ms - 20, 1)} ms`,
        cause:
          x.stack.c1.p95Ms < 20
            ? ''
            : `stack overhead ×${x.overheadRatio} over Postgres (p95 ${x.postgres.c1.p95Ms} ms) plus noise from other jobs on the machine`,
      })
    }
    const scans = q.filter((query) => query.name.startsWith('search-'))
    const seq = scans.filter((query) => !query.explain.indexScan).map((query) => query.name)
    out.push({
      target: 'search queries use index scans only (EXPLAIN as anon)',
      measured: seq.length === 0 ? `all ${scans.length}` : `sequential: ${seq.join(', ')}`,
      met: seq.length === 0,
      margin: '',
      cause: seq.length === 0 ? '' : 'a filter or sort has no index that Postgres prefers at this size',
    })
  }
  if (r.moderation) {
    const m = r.moderation
    out.push({
      target: `moderation queue page: p95 ≤ 50 ms at ${m.openReports.toLocaleString('en-GB')} open reports (through the stack, concurrency 1)`,
      measured: `${m.p95Ms} ms (p50 ${m.p50Ms} ms; ${m.indexScan ? 'keyset on moderation_cases_queue' : 'not an index-only keyset read'})`,
      met: m.p95Ms <= 50 && m.indexScan,
      margin: `${m.p95Ms <= 50 ? '' : '+'}${round(m.p95Ms - 50, 1)} ms`,
      cause: m.indexScan ? '' : 'the page is not read from moderation_cases_queue in order: see its plan',
    })
  }
  out.push({
    target: 'photos uploaded at ≤ 20% of their original bytes',
    measured: `${round(r.photos.ratio * 100, 1)}%`,
    met: r.photos.ratio <= 0.2,
    margin: `${round((r.photos.ratio - 0.2) * 100, 1)} points`,
    cause: '',
  })
  return out
}

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n')
}

export function renderMarkdown(r: BenchReport): string {
  const t = targets(r)
  const md: string[] = []
  md.push('# Roost benchmarks')
  md.push('')
  md.push(
    `Produced by \`npm run bench\` (tests/bench/run.ts) on ${r.generatedAt.slice(0, 10)}, in ${r.durationSeconds} s. ` +
      `Machine: ${r.machine.cpus} CPUs (${r.machine.cpuModel}), ${r.machine.memoryGiB} GiB, Node ${r.machine.node}; ` +
      `load average at the end ${r.machine.loadAverage.join(' / ')}. **The machine is a shared 2-core one, ` +
      'so timings are noisy**: timed figures are medians of several runs, and ratios (page 500 vs page 1, stack vs Postgres) are more telling than absolute milliseconds. ' +
      'Sizes are exact.',
  )
  md.push('')
  md.push('## Targets')
  md.push('')
  md.push(
    table(
      ['Target', 'Measured', 'Met', 'Margin', 'Cause when missed'],
      t.map((x) => [x.target, x.measured, x.met ? 'met' : '**missed**', x.margin, x.cause]),
    ),
  )
  md.push('')

  md.push('## 1. JavaScript and CSS per screen')
  md.push('')
  md.push(
    `Command: \`${r.commands.build}\`, then \`npx tsx tests/bench/bundle-size.ts ${'.local/bench/dist'}\`. ` +
      'Files per screen from the Vite manifest: the entry and its static imports, the route’s split chunks, and the chunks the screen loads lazily at start-up ' +
      '(the device database and workbox-window on every screen; supabase-js on /create-listing, a signed-in screen). Swiper is not counted: the slider and gallery work without it, and it loads when the person reaches for one. ' +
      'A visitor who has not signed in never loads supabase-js; react-toastify loads with the first toast. Sizes are of the files `npm start` serves, compressed as it compresses them: gzip level 9 and brotli quality 11 (Node zlib). ' +
      '"After the map" adds the map chunk, maplibre-gl, its CSS and the worker module maplibre fetches.',
  )
  md.push('')
  md.push(
    table(
      [
        'Screen',
        'JS raw KiB',
        'JS gzip KiB',
        'JS brotli KiB',
        'CSS raw KiB',
        'CSS gzip KiB',
        'CSS brotli KiB',
        'first-render JS gzip KiB',
      ],
      r.bundles.map((b) => [
        b.screen,
        kib(b.js.raw),
        kib(b.js.gzip),
        kib(b.js.brotli),
        kib(b.css.raw),
        kib(b.css.gzip),
        kib(b.css.brotli),
        kib(b.initialJsGzip),
      ]),
    ),
  )
  md.push('')
  md.push(
    `Largest parts per screen: minified bytes attributed from sourcemaps of a second build (\`${r.commands.sourcemapBuild}\`, same chunks): every generated byte counts for the source file its mapping segment points at, grouped by npm package or app folder ("(unmapped)" is bundler glue and files without a sourcemap, such as the maplibre worker). Raw minified KiB; gzip shares are roughly proportional.`,
  )
  md.push('')
  for (const b of r.bundles) {
    md.push(`- **${b.screen}**: ${b.modules.map((m) => `${m.group} ${kib(m.bytes)}`).join(', ')}`)
  }
  md.push('')

  md.push('## 2. Lighthouse (mobile)')
  md.push('')
  md.push(
    'Command: lighthouse 12.8.2 through tests/bench/lighthouse.ts (chrome-launcher, Debian Chromium `--headless=new --no-sandbox`, a fresh profile per run, each run in a Node process of its own, apart from the stack’s), ' +
      'default mobile emulation and simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU), performance category only, against the production build served by the bench stack’s static host (brotli, as `npm start`). ' +
      `3 runs per page; the median of each metric. Listing page: \`${r.listingPath}\` (seed listing 1). Database: ${r.queries.listings.toLocaleString('en-GB')} listings.`,
  )
  md.push('')
  md.push(
    table(
      ['Page', 'Score', 'FCP', 'LCP', 'TBT', 'TTI', 'CLS', 'Transfer KiB', 'Runs (score / LCP ms / TBT ms)'],
      r.lighthouse.map((p) => [
        p.name,
        p.median.score,
        s(p.median.fcpMs),
        s(p.median.lcpMs),
        `${p.median.tbtMs} ms`,
        s(p.median.ttiMs),
        p.median.cls,
        kib(p.median.transferBytes),
        p.runs.map((x) => `${x.score} / ${x.lcpMs} / ${x.tbtMs}`).join('; '),
      ]),
    ),
  )
  md.push('')
  for (const p of r.lighthouse)
    if (p.median.lcpElement) md.push(`- LCP element on ${p.name}: \`${p.median.lcpElement}\``)
  md.push('')

  md.push(`### The first screens' main thread at ${MAIN_THREAD_SLOWDOWN}× CPU slowdown`)
  md.push('')
  md.push(
    `Command: tests/bench/main-thread.ts. Debian Chromium through Playwright at Lighthouse's mobile screen (412×823, DPR 1.75), no service worker, CDP \`Emulation.setCPUThrottlingRate\` ${MAIN_THREAD_SLOWDOWN} and no network throttling; a trace from the navigation until the network has been quiet for 2 s; 5 runs per screen, screens in turn, medians. ` +
      "FCP and LCP as the trace records them; the JavaScript the screen had before its first paint (the HTML's inline scripts, and every script file asked for before FCP, gzip -9: tests/bench/first-paint-js.ts); after the first paint: long tasks (over 50 ms), their blocking time (each one's time over 50 ms, until the trace ends rather than Lighthouse's TTI) and all main-thread task time. " +
      "Lighthouse's TBT counts the same tasks, but times them from an unthrottled trace on this shared machine, scaled by 4, and places them on a simulated network; this is the work itself.",
  )
  md.push('')
  md.push(
    table(
      [
        'Screen',
        'FCP',
        'LCP',
        'Long tasks',
        'Blocking time',
        'Main-thread work',
        'JS before the first paint (gzip)',
        'Runs (LCP ms / blocking ms)',
      ],
      r.mainThread.map((p) => [
        p.name,
        `${p.median.fcpMs} ms`,
        `${p.median.lcpMs} ms`,
        p.median.longTasks,
        `${p.median.blockingMs} ms`,
        `${p.median.workMs} ms`,
        `${kib(p.firstPaintJs.gzip)} KiB (inline ${kib(p.firstPaintJs.inlineGzip)}, ${p.firstPaintJs.files.length} files)`,
        p.runs.map((x) => `${Math.round(x.lcpMs)} / ${Math.round(x.blockingMs)}`).join('; '),
      ]),
    ),
  )
  md.push('')

  md.push('### Interactions')
  md.push('')
  md.push(
    `Command: tests/bench/interaction.ts. Debian Chromium through Playwright at 390×844, no service worker; the screen is opened and left to settle, then CDP \`Emulation.setCPUThrottlingRate\` ${CPU_SLOWDOWN} and one interaction; the figure is the longest Event Timing entry of that interaction (tap to next paint), split into its input delay (from the tap until its handlers start: the events before it, such as the pointer's hover, still running), its handlers, and from their end to the next paint; each column is a median over the runs. Entries under ${EVENT_THRESHOLD_MS} ms are not reported by Chromium, so ${EVENT_THRESHOLD_MS} ms means "within one frame".`,
  )
  md.push('')
  md.push(
    table(
      ['Interaction', 'Screen', 'Median', 'Input delay', 'Handlers', 'To the paint', 'Runs'],
      r.interactions.map((i) =>
        i.measured
          ? [
              i.name,
              i.path,
              `${i.medianMs} ms`,
              ...(i.phases
                ? [i.phases.inputDelayMs, i.phases.processingMs, i.phases.presentationMs].map(
                    (ms) => `${ms} ms`,
                  )
                : ['', '', '']),
              i.runsMs.map((ms) => Math.round(ms)).join(', '),
            ]
          : [i.name, i.path, 'not measured', '', '', '', i.reason],
      ),
    ),
  )
  md.push('')

  const q = r.queries
  md.push('## 3. Listing queries at 100,000 listings')
  md.push('')
  md.push(
    `Seed: \`npm run bench:seed\` (packages/local-supabase/src/cli/bench-seed.ts; the bench calls the same function): one INSERT … SELECT over generate_series, then ANALYZE; ` +
      `${r.seed.before} → ${r.seed.total} listings in ${s(r.seed.ms)}; ${q.rentListings.toLocaleString('en-GB')} for rent; one landlord (${q.owner.id}) has ${q.owner.listings}. ` +
      `Command: tests/bench/queries.ts: per query 20 warm-up requests, then 200 at concurrency 1 and 200 at concurrency 8, over loopback. ` +
      '"Stack" is supabase-js 2.109 (anon key) against the bench stack’s REST API, exactly as the app builds the query; "Postgres" is the same SQL through pg, straight to the database as superuser ' +
      '(no HTTP, no JWT, no role switch, no JSON shaping), so the ratio is the stack’s overhead. EXPLAIN (ANALYZE, BUFFERS) runs as the anon role, with row level security. ' +
      `Page 500 uses the cursor of row 4,990 (${q.page500Cursor.createdAt}, ${q.page500Cursor.id}); its rows ${q.page500MatchesOffset ? 'equal' : '**differ from**'} those of OFFSET 4990. ` +
      `Search page 50 uses the cursor (effective_price, id) of row 490 (${q.search.page50Cursor.price}, ${q.search.page50Cursor.id}); its rows ${q.search.page50MatchesOffset ? 'equal' : '**differ from**'} those of OFFSET 490. ` +
      `Exact counts: ${Object.entries(q.search.counts)
        .map(([name, n]) => `${name} ${n.toLocaleString('en-GB')}`)
        .join(', ')}.`,
  )
  md.push('')
  md.push(
    table(
      [
        'Query',
        'Rows',
        'Stack p50 / p95 ms (c1)',
        'Stack req/s c1 / c8',
        'Stack p95 ms c8',
        'Postgres p50 / p95 ms (c1)',
        'Postgres req/s c1 / c8',
        'Stack ÷ Postgres (p50)',
        'Index scan',
        'Execution ms',
        'Buffers hit',
        'Rows removed by filter',
      ],
      q.queries.map((x) => [
        x.name,
        x.rows,
        `${x.stack.c1.p50Ms} / ${x.stack.c1.p95Ms}`,
        `${x.stack.c1.reqPerSec} / ${x.stack.c8.reqPerSec}`,
        x.stack.c8.p95Ms,
        `${x.postgres.c1.p50Ms} / ${x.postgres.c1.p95Ms}`,
        `${x.postgres.c1.reqPerSec} / ${x.postgres.c8.reqPerSec}`,
        `${x.overheadRatio}×`,
        x.explain.indexScan ? 'yes' : '**no**',
        x.explain.executionMs,
        x.explain.sharedHit,
        x.explain.rowsRemovedByFilter,
      ]),
    ),
  )
  md.push('')
  for (const x of q.queries) {
    md.push(`<details><summary>${x.name}: ${x.what}</summary>`)
    md.push('')
    md.push('```sql')
    md.push(x.sql)
    md.push('```')
    md.push('')
    md.push('```')
    md.push(x.explain.plan)
    md.push('```')
    md.push('</details>')
    md.push('')
  }

  const p = r.photos
  md.push('## 4. Photo upload')
  md.push('')
  md.push(
    `Command: tests/bench/photos.ts. Three 4000×3000 JPEGs made with sharp (smooth colour fields plus grain, quality 90: ${p.photos
      .map((x) => `${kib(x.originalBytes)} KiB`)
      .join(
        ', ',
      )}), shrunk in Debian Chromium (Playwright) with the app’s pipeline: createImageBitmap, draw with the longest side ≤ ${SHRINK.maxSide} px on an OffscreenCanvas, ` +
      `convertToBlob('image/jpeg', ${SHRINK.quality}). Implementation: ${p.shrinkImplementation}.`,
  )
  md.push('')
  md.push(
    table(
      ['Photo', 'Original KiB', 'Sent KiB', 'Size', 'Ratio', 'Shrink ms'],
      p.photos.map((x, i) => [
        i + 1,
        kib(x.originalBytes),
        kib(x.shrunkBytes),
        `${x.shrunkWidth}×${x.shrunkHeight}`,
        `${round((x.shrunkBytes / x.originalBytes) * 100, 1)}%`,
        x.shrinkMs,
      ]),
    ),
  )
  md.push('')
  md.push(
    `All together: ${kib(p.shrunkBytes)} KiB sent for ${kib(p.originalBytes)} KiB of originals (**${round(p.ratio * 100, 1)}%**). ` +
      `Uploading ${p.upload.files} shrunk photos (${kib(p.upload.bytes)} KiB) at once to the stack’s Storage (listing-images bucket, signed in as a demo user) ` +
      `with CDP Network.emulateNetworkConditions at ${THROTTLE.downloadKbps / 1000} Mbps down / ${THROTTLE.uploadKbps} kbps up / ${THROTTLE.latencyMs} ms RTT: ` +
      `**${s(p.upload.medianMs)}** median (runs: ${p.upload.runsMs.map((ms) => s(ms)).join(', ')}). ` +
      `The same six originals would need about ${s(p.upload.originalsEstimateMs)} at that upload rate (bytes ÷ rate, not measured).`,
  )
  md.push('')

  md.push('## 5. Offline cold start')
  md.push('')
  md.push(
    r.offline.measured
      ? `Command: tests/bench/offline.ts. Listing viewed online once, service worker in control, then offline: a new tab opening ${r.offline.url.replace(/^https?:\/\/[^/]+/, '')} shows the listing’s name after **${s(r.offline.medianMs)}** (median of ${r.offline.runsMs.length}: ${r.offline.runsMs.map((ms) => s(ms)).join(', ')}).`
      : `Not measured: ${r.offline.reason}. tests/bench/offline.ts measures it as soon as the build contains sw.js (listing viewed once online, then offline: a new tab until the listing’s name shows).`,
  )
  md.push('')

  const f = r.cacheFootprint
  md.push('## 6. What browsing stores on the phone')
  md.push('')
  md.push(
    `Command: tests/bench/cache-footprint.ts. A fresh phone-sized profile opens /, lets the service worker take over, opens /category/rent and then the ${f.listingsViewed} newest listings one by one; then Cache Storage and IndexedDB are read in the page. Map tiles come from a public tile server this machine cannot reach, The listing pages are not scrolled to their maps here; section 7 measures the tile cache.`,
  )
  md.push('')
  md.push('| Store | Entries | Size |')
  md.push('| --- | --- | --- |')
  for (const c of f.caches)
    md.push(`| Cache Storage: ${c.name.replace(/-https?:.*$/, '')} | ${c.entries} | ${kib(c.bytes)} KiB |`)
  md.push(`| IndexedDB: listings kept for offline | ${f.storedListings} | — |`)
  md.push(`| The origin's usage (navigator.storage.estimate) | — | ${kib(f.originUsageBytes)} KiB |`)
  md.push('')
  if (r.load) md.push(...loadMarkdown(r.load, table))
  md.push(...renderMaps(r.maps))
  if (r.savedSearches) md.push(...savedSearchMarkdown(r.savedSearches))
  if (r.moderation) {
    const m = r.moderation
    md.push('## The moderation queue')
    md.push('')
    md.push(
      `Command: tests/bench/moderation.ts. ${m.openReports.toLocaleString('en-GB')} open reports on ${m.cases.toLocaleString('en-GB')} listings; a moderator reads pages of ${m.pageSize} through the stack (\`moderation_queue\`, each after the last): p50 ${m.p50Ms} ms, p95 ${m.p95Ms} ms.`,
    )
    md.push('')
    md.push('```')
    md.push(m.plan)
    md.push('```')
    md.push('')
  }
  return `${md.join('\n')}\n`
}

function renderMaps(m: MapReport): string[] {
  const md: string[] = ['## 7. Maps', '']
  md.push(
    `Command: tests/bench/map.ts. The search map's query (withinArea, \`count: 'exact'\`, newest 500 first) through the stack with supabase-js, one request at a time, and EXPLAIN (ANALYZE, BUFFERS) of its SQL (rows and count):`,
  )
  md.push('')
  md.push('| Area | bbox | Rows | Total | p50 | p95 | rows SQL | count SQL |')
  md.push('| --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const q of m.areaQueries) {
    md.push(
      `| ${q.name} | ${q.bbox.join(',')} | ${q.rows} | ${q.total} | ${q.p50Ms} ms | ${q.p95Ms} ms | ${q.explain.rowsMs} ms | ${q.explain.countMs} ms |`,
    )
  }
  md.push('')
  for (const q of m.areaQueries) {
    md.push(`Plan, ${q.name} (rows):`, '', '```', q.explain.rowsPlan, '```', '')
    md.push(`Plan, ${q.name} (count):`, '', '```', q.explain.countPlan, '```', '')
  }
  const sm = m.searchMap
  md.push(
    `Map of results to markers drawn: ${s(sm.medianMs)} (median of ${sm.runs.length}: ${sm.runs.map((ms) => s(ms)).join(', ')}), ${sm.markers} markers or clusters, at ${sm.url.replace(/^https?:\/\/[^/]+/, '')} (every listing, newest 500 drawn), phone viewport, 4× CPU, 150 ms RTT, 1.6 Mbit/s.`,
  )
  md.push('')
  const t = m.tileCache
  md.push(
    `Tile cache after opening ${t.listingMaps} listing pages and scrolling each to its map: ${t.entries} tiles, ${kib(t.bytes)} KiB (${t.tileRequests} tile requests).`,
  )
  md.push('')
  return md
}

export function writeReport(r: BenchReport, dir: string): void {
  fs.writeFileSync(
    path.join(dir, 'report.json'),
    `${JSON.stringify({ ...r, targets: targets(r) }, null, 2)}\n`,
  )
  fs.writeFileSync(path.join(dir, 'report.md'), renderMarkdown(r))
}
