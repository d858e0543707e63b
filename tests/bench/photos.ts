// Photo upload: 12-megapixel camera-like JPEGs, shrunk in real Chromium the way the app's form shrinks
// them (longest side <= 1600 px, JPEG quality 0.82), then 6 uploaded to the stack's Storage over a
// throttled (Fast 3G-like) connection.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { build } from 'vite'
import WebSocket from 'ws'
import { JPEG_QUALITY, MAX_IMAGE_SIDE } from '../../src/utils/fit-within'
import { median, round } from './stats'

export const SHRINK = { maxSide: MAX_IMAGE_SIDE, quality: JPEG_QUALITY }
export const THROTTLE = { downloadKbps: 1600, uploadKbps: 750, latencyMs: 150 }

/** A photo-like picture: smooth colour fields (upscaled random blocks) with sensor-like grain. */
async function makePhoto(seed: number, file: string): Promise<void> {
  const width = 4000
  const height = 3000
  let state = seed * 2654435761
  const rand = () => {
    state = (state * 1103515245 + 12345) >>> 0
    return state / 2 ** 32
  }
  const small = Buffer.alloc(48 * 36 * 3)
  for (let i = 0; i < small.length; i++) small[i] = Math.floor(40 + rand() * 180)
  const base = await sharp(small, { raw: { width: 48, height: 36, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer()
  for (let i = 0; i < base.length; i++) {
    const grain = (rand() - 0.5) * 36
    base[i] = Math.max(0, Math.min(255, (base[i] as number) + grain))
  }
  await sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(file)
}

export type PhotoReport = {
  shrinkImplementation: string
  photos: {
    originalBytes: number
    shrunkBytes: number
    shrunkWidth: number
    shrunkHeight: number
    shrinkMs: number
  }[]
  originalBytes: number
  shrunkBytes: number
  ratio: number
  upload: {
    files: number
    bytes: number
    runsMs: number[]
    medianMs: number
    /** What the same 6 originals would take at the throttled upload rate alone (not measured: bytes / rate). */
    originalsEstimateMs: number
  }
}

export async function benchPhotos(opts: {
  workDir: string
  appUrl: string
  apiUrl: string
  anonKey: string
  chromePath: string
  runs: number
  log: (line: string) => void
}): Promise<PhotoReport> {
  fs.mkdirSync(opts.workDir, { recursive: true })
  const files = [1, 2, 3].map((n) => path.join(opts.workDir, `photo-${n}.jpg`))
  for (const [i, file] of files.entries()) if (!fs.existsSync(file)) await makePhoto(i + 1, file)
  const originals = files.map((f) => fs.readFileSync(f))

  const supabase = createClient(opts.apiUrl, opts.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
  const { data: auth, error } = await supabase.auth.signInWithPassword({
    email: 'alice@example.com',
    password: 'roost-demo',
  })
  if (error || !auth.session) throw new Error(`Sign-in for the upload bench failed: ${error?.message}`)

  const browser = await chromium.launch({
    executablePath: opts.chromePath,
    args: ['--disable-dev-shm-usage'],
  })
  try {
    const page = await browser.newPage()
    await page.route('**/__bench/photo-*.jpg', (route) => {
      const n = Number(/photo-(\d+)\.jpg/.exec(route.request().url())?.[1] ?? 1)
      return route.fulfill({ body: originals[n - 1] as Buffer, contentType: 'image/jpeg' })
    })
    await page.goto(`${opts.appUrl}/robots.txt`).catch(() => page.goto(opts.appUrl))
    // The app's own shrink module, bundled for the page, so the bench measures exactly what the form sends.
    await page.addScriptTag({ content: await bundleShrinkModule() })
    const shrunk = await page.evaluate(async (count) => {
      const { shrinkImage } = (window as unknown as { RoostShrink: { shrinkImage(f: Blob): Promise<Blob> } })
        .RoostShrink
      const out: { bytes: number; width: number; height: number; ms: number }[] = []
      const blobs: Blob[] = []
      for (let n = 1; n <= count; n++) {
        const source = await (await fetch(`/__bench/photo-${n}.jpg`)).blob()
        const started = performance.now()
        const blob = await shrinkImage(source)
        const ms = performance.now() - started
        const bitmap = await createImageBitmap(blob)
        out.push({ bytes: blob.size, width: bitmap.width, height: bitmap.height, ms })
        bitmap.close()
        blobs.push(blob)
      }
      ;(window as unknown as { benchBlobs: Blob[] }).benchBlobs = blobs
      return out
    }, files.length)

    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLE.latencyMs,
      downloadThroughput: (THROTTLE.downloadKbps * 1000) / 8,
      uploadThroughput: (THROTTLE.uploadKbps * 1000) / 8,
    })
    const runsMs: number[] = []
    let uploadedBytes = 0
    for (let run = 0; run < opts.runs; run++) {
      const folder = `${auth.user.id}/${randomUUID()}`
      // Six photos at once, as a form would send them; the sixth repeats the first three.
      const result = await page.evaluate(
        async ({ apiUrl, anonKey, token, folder }) => {
          const blobs = (window as unknown as { benchBlobs: Blob[] }).benchBlobs
          const six = Array.from({ length: 6 }, (_, i) => blobs[i % blobs.length] as Blob)
          const started = performance.now()
          const statuses = await Promise.all(
            six.map(async (blob, i) => {
              const res = await fetch(`${apiUrl}/storage/v1/object/listing-images/${folder}/${i + 1}.jpg`, {
                method: 'POST',
                headers: { authorization: `Bearer ${token}`, apikey: anonKey, 'content-type': 'image/jpeg' },
                body: blob,
              })
              return res.status
            }),
          )
          return { ms: performance.now() - started, statuses, bytes: six.reduce((t, b) => t + b.size, 0) }
        },
        { apiUrl: opts.apiUrl, anonKey: opts.anonKey, token: auth.session.access_token, folder },
      )
      if (result.statuses.some((s) => s >= 300))
        throw new Error(`Upload failed: ${result.statuses.join(',')}`)
      opts.log(`photos: 6 uploads (${result.bytes} bytes) in ${Math.round(result.ms)} ms`)
      runsMs.push(result.ms)
      uploadedBytes = result.bytes
    }
    const originalBytes = originals.reduce((t, b) => t + b.length, 0)
    const shrunkBytes = shrunk.reduce((t, s) => t + s.bytes, 0)
    const sixOriginals = Array.from(
      { length: 6 },
      (_, i) => originals[i % originals.length]?.length ?? 0,
    ).reduce((t, n) => t + n, 0)
    return {
      shrinkImplementation: "the app's own module, src/utils/shrink-image.ts, bundled for the page",
      photos: shrunk.map((s, i) => ({
        originalBytes: originals[i]?.length ?? 0,
        shrunkBytes: s.bytes,
        shrunkWidth: s.width,
        shrunkHeight: s.height,
        shrinkMs: Math.round(s.ms),
      })),
      originalBytes,
      shrunkBytes,
      ratio: round(shrunkBytes / originalBytes, 3),
      upload: {
        files: 6,
        bytes: uploadedBytes,
        runsMs: runsMs.map((ms) => Math.round(ms)),
        medianMs: Math.round(median(runsMs)),
        originalsEstimateMs: Math.round(((sixOriginals * 8) / (THROTTLE.uploadKbps * 1000)) * 1000),
      },
    }
  } finally {
    await browser.close()
    await supabase.auth.signOut().catch(() => undefined)
  }
}

/** src/utils/shrink-image.ts as a script that defines `window.RoostShrink`. */
async function bundleShrinkModule(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: {
        entry: path.resolve(import.meta.dirname, '../../src/utils/shrink-image.ts'),
        formats: ['iife'],
        name: 'RoostShrink',
      },
    },
  })
  const results = Array.isArray(output) ? output : [output]
  for (const result of results) {
    if ('output' in result) {
      const chunk = result.output.find((item) => item.type === 'chunk')
      if (chunk && chunk.type === 'chunk') return chunk.code
    }
  }
  throw new Error('bundling the shrink module produced no script')
}
