// The first screen's build step: index.html's inline script, made from this folder's configuration
// (config.ts) and the build's file names. vite.config.ts loads this file before the `@` alias exists, so it
// and everything it imports use relative paths.
import path from 'node:path'
import {
  type HtmlTagDescriptor,
  type IndexHtmlTransformContext,
  type InlineConfig,
  minifySync,
  type Plugin,
  runnerImport,
} from 'vite'
import { parseEnv } from '../../src/config/parse-env'
import { EARLY_DRAWING, type EarlyMarkup } from '../../src/first-screen/early-cards'
import type { AppCode, ScreenCode } from '../../src/first-screen/early-script'
import { earlyRequestConfig } from './config'
import { earlyClasses, everyPart, missingFromFirstStylesheet } from './first-stylesheet'
import { earlyRequestScript } from './inline-script'

/** Routes whose screens are not split out of the entry (see tanstackRouter below). */
export const LANDING_ROUTES: string[] = ['/offers', '/category/$categoryName', '/category/$categoryName/']

/**
 * Screens people also land on whose component is split out of the entry, by route id and route file:
 * index.html's inline script preloads their chunk with the HTML (screenCode), so it arrives beside the
 * entry. Every other screen's data and code stay out of a first visit to the rest.
 */
const SPLIT_LANDING_SCREENS: Record<'explore' | 'search' | 'listing', { id: string; file: string }> = {
  // Explore's search field and slider stay out of the entry, which every other screen's first render loads.
  explore: { id: '/', file: 'index.tsx' },
  search: { id: '/search', file: 'search.tsx' },
  listing: { id: '/category/$categoryName/$listingId', file: 'category.$categoryName.$listingId.tsx' },
}
export const isSplitLanding = (routeId: string) =>
  Object.values(SPLIT_LANDING_SCREENS).some((screen) => screen.id === routeId)

/** PostgREST's client's chunk: index.html's inline script preloads it where its request serves no read. */
export const PUBLIC_READS_CHUNK = 'postgrest'

/**
 * index.html's inline script (src/first-screen/early-script.ts), which starts the first screen's data request, draws its
 * answer, and then starts the app's code, which a build takes out of the HTML for it (takeAppCode); and
 * <link rel="preconnect" crossorigin> to the API the app is built for (VITE_SUPABASE_URL, as src/config/env.ts
 * reads it): the first data request and the CORS photo requests then skip DNS, TCP and TLS set-up.
 */
export function firstScreen(app: AppModules): Plugin {
  let env: ReturnType<typeof parseEnv>
  let base = '/'
  let markup: Promise<EarlyMarkup> | undefined
  let loadMarkup = () => earlyMarkupOf(app, { root: process.cwd(), mode: 'production' })
  return {
    name: 'roost-first-screen',
    configResolved(config) {
      env = parseEnv(config.env)
      base = config.base
      loadMarkup = () => earlyMarkupOf(app, { root: config.root, mode: config.mode })
    },
    async transformIndexHtml(html, ctx) {
      // Rendered once per build (and per dev server): the components' markup does not change with a page.
      markup ??= loadMarkup()
      // The split code of the landing screens the entry does not hold, to preload with the app's (a build has it).
      const screenCode: ScreenCode = { explore: '', search: '', listing: '', reads: '' }
      for (const chunk of Object.values(ctx.bundle ?? {})) {
        if (chunk.type !== 'chunk') continue
        if (chunk.name === PUBLIC_READS_CHUNK) screenCode.reads = `${base}${chunk.fileName}`
        for (const [screen, route] of Object.entries(SPLIT_LANDING_SCREENS))
          if (chunk.facadeModuleId?.endsWith(`/src/routes/${route.file}?tsr-split=component`))
            screenCode[screen as keyof ScreenCode] = `${base}${chunk.fileName}`
      }
      // A build without one would lose its preload silently: the split's name is the router plugin's.
      for (const [screen, route] of Object.entries(SPLIT_LANDING_SCREENS))
        if (ctx.bundle && !screenCode[screen as keyof ScreenCode])
          throw new Error(`index.html's early script: no split chunk for src/routes/${route.file}`)
      if (ctx.bundle && !screenCode.reads)
        throw new Error(`index.html's early script: no '${PUBLIC_READS_CHUNK}' chunk in the build`)
      const drawn = await markup
      if (ctx.bundle) checkFirstStylesheet(ctx.bundle, html, drawn)
      const appCode = ctx.bundle ? takeAppCode(html) : null
      const config = earlyRequestConfig(env, screenCode, appCode?.code ?? null, drawn)
      const source = earlyRequestScript(config)
      // Minified: the script rides in every page's HTML, the first response a visit waits for.
      const minified = minifySync('early-request.js', source)
      if (minified.errors.length)
        throw new Error(`The early request's script: ${minified.errors[0]?.message}`)
      const origin = new URL(env.supabaseUrl).origin
      const tags: HtmlTagDescriptor[] = [
        {
          tag: 'link',
          attrs: { rel: 'preconnect', href: origin, crossorigin: '' },
          injectTo: 'head-prepend',
        },
        // Before the stylesheet, which would hold it back: the first screen's data and photo start with the JS.
        { tag: 'script', children: minified.code, injectTo: 'head-prepend' },
      ]
      return { html: appCode?.html ?? html, tags }
    },
  }
}

/**
 * Takes the build's entry <script type="module"> and its <link rel="modulepreload">s out of index.html: the
 * inline script starts them (startAppCode in src/first-screen/early-script.ts), after the first photo where there is one.
 */
function takeAppCode(html: string): { html: string; code: AppCode } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html)
  if (!entry?.[1])
    throw new Error('index.html\'s early script: no entry <script type="module"> in the build\'s HTML')
  const preloads = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
  const preload = [...html.matchAll(preloads)].map((link) => link[1] ?? '')
  return {
    html: html.replace(entry[0], '').replace(preloads, ''),
    code: { entry: entry[1], preload },
  }
}

/** How the app's modules resolve (its aliases, its env), for rendering its components at build time. */
export type AppModules = Pick<InlineConfig, 'resolve' | 'plugins'>

/**
 * The early drawings' templates, rendered from the app's components (early-markup.tsx) with the app's own
 * module resolution: a module of the app, not of this config, so its TSX, aliases and env load as they do in
 * the app.
 */
async function earlyMarkupOf(app: AppModules, at: { root: string; mode: string }): Promise<EarlyMarkup> {
  const file = path.join(at.root, 'build/first-screen/early-markup.tsx')
  const { module } = await runnerImport<{ earlyMarkup(): Promise<EarlyMarkup> }>(file, {
    ...app,
    plugins: [...(app.plugins ?? []), stylesheetsLeftOut()],
    configFile: false,
    root: at.root,
    mode: at.mode,
    logLevel: 'warn',
  })
  return module.earlyMarkup()
}

/** The id every stylesheet import resolves to while the templates render: markup needs no styles. */
const NO_STYLESHEET = '\0early-markup:no-stylesheet'

/**
 * Stylesheets imported by the components left out of the templates' rendering: Vite's CSS pipeline works for a
 * build's own environment only, and fails in the module runner the templates render in.
 */
function stylesheetsLeftOut(): Plugin {
  return {
    name: 'roost-early-markup-no-stylesheets',
    enforce: 'pre',
    resolveId: (source) => (source.endsWith('.css') ? NO_STYLESHEET : undefined),
    load: (id) => (id === NO_STYLESHEET ? 'export {}' : undefined),
  }
}

/**
 * Fails the build when a class of index.html's frame or of the early drawings is styled only in a stylesheet
 * that a later chunk brings (see first-stylesheet.ts): import its rules from a module of the app's start.
 */
function checkFirstStylesheet(
  bundle: NonNullable<IndexHtmlTransformContext['bundle']>,
  html: string,
  markup: EarlyMarkup,
): void {
  const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '')
  const css = (asset: (typeof bundle)[string]) =>
    asset.type === 'asset' && asset.fileName.endsWith('.css') ? String(asset.source) : null
  let first = ''
  const later: string[] = []
  for (const asset of Object.values(bundle)) {
    const text = css(asset)
    if (text === null) continue
    if (linked.some((href) => href.endsWith(`/${asset.fileName}`))) first += text
    else later.push(text)
  }
  if (!first)
    throw new Error('index.html links no stylesheet of the build: the first screen would draw unstyled')
  // The frame, the templates (every part drawn) and the drawings' own elements.
  const templates = Object.values(markup).map(everyPart).join('')
  const used = earlyClasses(html + templates, EARLY_DRAWING.map(String).join('\n'))
  const missing = missingFromFirstStylesheet(used, first, later)
  if (missing.length)
    throw new Error(
      `index.html's early drawing uses ${missing.map((name) => `.${name}`).join(', ')}, styled only in a stylesheet that comes later: import those rules from a module of the app's start (see src/features/listings/first-screen.css).`,
    )
}
