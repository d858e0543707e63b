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
          include: [
            'src/**/*.test.{ts,tsx}',
            'packages/local-supabase/src/**/*.test.ts',
            'lint/**/*.test.ts',
            'build/**/*.test.{ts,tsx}',
            'tests/*.test.ts',
          ],
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
      {
        extends: true,
        test: {
          // Checks at 100,000 generated listings, on the integration stack: minutes, not part of `npm test`.
          name: 'scale',
          environment: 'node',
          include: ['tests/scale/**/*.test.ts'],
          globalSetup: ['tests/integration/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
})
