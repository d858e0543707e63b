import path from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer, type ViteDevServer } from 'vite'
import { REPO_ROOT } from '../../../supabase/local/src/config'
import { ANON_KEY, API_URL } from './stack'

/**
 * Serves tests/e2e/map-harness (the search map on the e2e stack's listings) from a Vite dev server on a
 * free loopback port; returns its address and a way to stop it.
 */
export async function startMapHarness(): Promise<{ url: string; server: ViteDevServer }> {
  process.env.VITE_SUPABASE_URL = API_URL
  process.env.VITE_SUPABASE_ANON_KEY = ANON_KEY
  const server = await createServer({
    configFile: false,
    root: REPO_ROOT,
    // No .env of the checkout: the page talks to the e2e stack, as set above.
    envDir: path.join(REPO_ROOT, 'tests/e2e/map-harness'),
    plugins: [react()],
    resolve: { alias: { '@': path.join(REPO_ROOT, 'src') } },
    // Only the test page's imports, pre-bundled once (the app's index.html needs the PWA plugin).
    optimizeDeps: { entries: ['tests/e2e/map-harness/index.html'] },
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0 },
  })
  await server.listen()
  const address = server.httpServer?.address()
  if (!address || typeof address === 'string') throw new Error('the map harness did not start')
  return { url: `http://127.0.0.1:${address.port}/tests/e2e/map-harness/index.html`, server }
}
