import { fileURLToPath } from 'node:url'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { rolldown } from 'rolldown'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import {
  firstScreen,
  isSplitLanding,
  LANDING_ROUTES,
  PUBLIC_READS_CHUNK,
} from './build/first-screen/vite-plugin'
import { APP_ALIASES, appEnv } from './vite-app-env'

/** The app's look (src/styles/global.css): primary green and page background. */
const THEME_COLOR = '#1f5f4a'
const BACKGROUND_COLOR = '#f5f6f4'

/** The service worker's push handlers (src/pwa/push-worker.ts), which the generated worker imports. */
const PUSH_WORKER = 'push-worker.js'

/**
 * Builds src/pwa/push-worker-entry.ts into one classic script, push-worker.js, beside the service worker
 * vite-plugin-pwa generates, which loads it with importScripts: one worker, with Workbox's precaching and
 * the app's `push` and `notificationclick` handlers. It is precached with the rest, so a new version of it
 * is a new version of the worker.
 */
function pushWorker(): Plugin {
  return {
    name: 'roost-push-worker',
    apply: 'build',
    async generateBundle() {
      const input = fileURLToPath(new URL('./src/pwa/push-worker-entry.ts', import.meta.url))
      const bundle = await rolldown({ input, platform: 'browser' })
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true })
        const code = output[0]?.code
        if (!code) throw new Error(`${PUSH_WORKER}: the build gave no code`)
        this.emitFile({ type: 'asset', fileName: PUSH_WORKER, source: code })
      } finally {
        await bundle.close()
      }
    },
  }
}

type ModuleGraph = {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null
}

/** Whether the entry reaches a module through static imports alone: a walk up its static importers. */
function isInAppStart(id: string, graph: ModuleGraph): boolean {
  const seen = new Set([id])
  const queue = [id]
  for (const current of queue) {
    const info = graph.getModuleInfo(current)
    if (info?.isEntry) return true
    for (const importer of info?.importers ?? [])
      if (!seen.has(importer)) {
        seen.add(importer)
        queue.push(importer)
      }
  }
  return false
}

export default defineConfig({
  // This file and what it imports from src/ use relative paths: the config is loaded before `@` exists.
  resolve: { alias: APP_ALIASES },
  plugins: [
    // File routes in src/routes; must come before react() so split route chunks get React's transform.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
      // The screens visitors land on most stay in the entry: no second round trip for their code before
      // the first paint (they are small; Swiper and maplibre load lazily on their own). /search and a
      // listing page are split, and preloaded with the HTML (SPLIT_LANDING_SCREENS).
      codeSplittingOptions: {
        // A split landing screen splits its component alone: its not-found and error screens stay in the
        // entry beside its loader, so no chunk is shared between the two.
        splitBehavior: ({ routeId }) =>
          LANDING_ROUTES.includes(routeId) ? [] : isSplitLanding(routeId) ? [['component']] : undefined,
      },
    }),
    react(),
    appEnv(),
    firstScreen({ resolve: { alias: APP_ALIASES }, plugins: [appEnv()] }),
    pushWorker(),
    VitePWA({
      // A new version waits until the user accepts it, so nobody loses what they were typing.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Roost',
        short_name: 'Roost',
        description: 'Find homes to rent or buy, save the ones you like and read them offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        lang: 'en',
        categories: ['lifestyle', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Every route chunk, the CSS and maplibre's worker (.mjs), so the app opens and maps draw offline.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webp,ico,woff2}'],
        navigateFallback: 'index.html',
        // The first visit is controlled as soon as the app is precached, so it keeps working if the signal
        // goes before any reload. Updates still wait for the person (registerType 'prompt': no skipWaiting).
        clientsClaim: true,
        navigateFallbackDenylist: [/^\/(auth|rest|storage|geocode)\//],
        cleanupOutdatedCaches: true,
        importScripts: [PUSH_WORKER],
        runtimeCaching: [
          {
            // Listing photos from Supabase Storage, as stored or resized; <img crossorigin> makes them CORS (200), never opaque.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              (url.pathname.startsWith('/storage/v1/object/public/') ||
                url.pathname.startsWith('/storage/v1/render/image/public/')),
            handler: 'CacheFirst',
            options: {
              cacheName: 'listing-images',
              expiration: { maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Raster map tiles ({z}/{x}/{y}.png on any tile host) seen while browsing.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'map-tiles',
              expiration: { maxEntries: 1000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: lets tests/bench/bundle-size.ts measure the JS each route loads.
    manifest: true,
    // Every browser the app supports preloads modules itself (Chrome 66, Safari 17, Firefox 115): the
    // polyfill would only add bytes to the entry every first visit downloads.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // maplibre in a chunk of its own name, shared by every map, so a screen's scripts show whether it loaded.
            { name: 'maplibre-gl', test: /[\\/]node_modules[\\/]maplibre-gl[\\/]/ },
            // React and the router in one file: every screen needs them first, and a dozen small shared
            // chunks cost a phone on HTTP/1.1 extra round trips before the first paint.
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/][^\\/]+)[\\/]/,
            },
            // PostgREST's client in a file of its own, which the public reads and supabase-js share: the first
            // screens read from index.html's early answer without it (earlyListings in src/lib/supabase.ts).
            { name: PUBLIC_READS_CHUNK, test: /[\\/]@supabase[\\/]postgrest-js[\\/]/ },
            // Every app module the entry reaches through static imports, in one file: modules the entry
            // shares with lazy chunks (the device database's, a split screen's) would otherwise become a
            // handful of small shared chunks, each a request at start, compressed apart. main.tsx stays the
            // entry's own chunk, so the build keeps an entry.
            {
              name: (id, ctx) =>
                /[\\/]src[\\/].*\.tsx?$/.test(id) &&
                !/[\\/]src[\\/]main\.tsx$/.test(id) &&
                isInAppStart(id, ctx)
                  ? 'app-core'
                  : null,
            },
            {
              name: 'app-core',
              test: /preload-helper/,
            },
          ],
        },
      },
    },
  },
})
