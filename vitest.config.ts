import { defineConfig } from 'vitest/config'
import { APP_ALIASES, appEnv } from './vite-app-env'

export default defineConfig({
  // The app's configuration as a build has it (src/config/env.ts reads the constant this defines).
  plugins: [appEnv()],
  resolve: { alias: APP_ALIASES },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}', 'supabase/local/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
