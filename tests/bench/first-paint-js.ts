// The JavaScript a screen has before its first paint, as Chromium loads it: the inline scripts of the HTML, and
// every script file the page asked for before the first contentful paint (gzip level 9, as served). Used by
// the bench's main-thread runs and by tests/e2e/bundle-budget.spec.ts.
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'

export type FirstPaintJs = {
  fcpMs: number
  /** Gzip bytes of the HTML's inline scripts. */
  inlineGzip: number
  /** The script files asked for before the first paint, with their gzip bytes. */
  files: { path: string; gzip: number }[]
  /** Inline and files together. */
  gzip: number
}

const isScript = (url: string) => /\.m?js$/.test(new URL(url).pathname)

/** The inline scripts of an HTML document as served (not data blocks such as JSON). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes))
    .filter(([, attributes = '']) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
      return type === undefined || type === 'module' || type === 'text/javascript'
    })
    .map(([, , body = '']) => body)
}

/** The gzip bytes (level 9) of every script file the page fetches from now on, by URL. */
export function watchScriptSizes(page: Page): Map<string, Promise<number>> {
  const sizes = new Map<string, Promise<number>>()
  page.on('response', (response) => {
    if (!isScript(response.url())) return
    sizes.set(
      response.url(),
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    )
  })
  return sizes
}

/** Starts counting the page's script files; call before `page.goto`. Returns what reads the figures. */
export function watchFirstPaintJs(page: Page): () => Promise<FirstPaintJs> {
  const sizes = watchScriptSizes(page)
  let html: Promise<string> = Promise.resolve('')
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' && response.frame() === page.mainFrame())
      html = response.text().catch(() => '')
  })
  return async () => {
    const seen = await page.evaluate(async () => {
      const fcp = await new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0]
          if (entry) resolve(entry.startTime)
        }).observe({ type: 'paint', buffered: true })
      })
      const requested = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < fcp)
        .map((entry) => entry.name)
      return { fcp, requested }
    })
    const inlineGzip = inlineScripts(await html).reduce(
      (sum, text) => sum + gzipSync(text, { level: 9 }).length,
      0,
    )
    const files = await Promise.all(
      seen.requested.filter(isScript).map(async (url) => ({
        path: new URL(url).pathname,
        gzip: (await sizes.get(url)) ?? 0,
      })),
    )
    return {
      fcpMs: seen.fcp,
      inlineGzip,
      files,
      gzip: inlineGzip + files.reduce((sum, file) => sum + file.gzip, 0),
    }
  }
}
