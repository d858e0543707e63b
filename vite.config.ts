import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [
    // File routes in src/routes; must come before react() so split route chunks get React's transform.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
    // The service worker (vite-plugin-pwa's VitePWA({...})) goes here when offline support lands.
  ],
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: lets tests/bench/bundle-size.ts measure the JS each route loads.
    manifest: true,
  },
})
