import fs from 'node:fs'
import path from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { APP_ALIASES, appEnv } from './vite-app-env'

const UNIT_DIRS = ['src', 'packages/local-supabase/src', 'lint', 'build']
const UNIT_FILE = /\.test\.tsx?$/

/**
 * What makes a unit test file change state other files would see: mocked modules, stubbed globals or
 * environment, fake timers, spies, the browser's globals or the device database. Such a file runs with a
 * module graph of its own; every other file shares one (each file of its own took most of the unit step's
 * time: a worker's start and imports for 40 ms of tests).
 */
const TOUCHES_SHARED_STATE =
  /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn|hoisted)|globalThis\.|window\.|indexedDB|fake-indexeddb|process\.env\.[A-Z_]+ ?=/

function unitFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name)
          if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(file)
          return UNIT_FILE.test(entry.name) ? [file] : []
        })
      : []
  const top = fs.readdirSync('tests').filter((name) => UNIT_FILE.test(name))
  return [...UNIT_DIRS.flatMap(walk), ...top.map((name) => path.join('tests', name))].map((file) =>
    file.split(path.sep).join('/'),
  )
}

const UNIT_INCLUDE = [
  'src/**/*.test.{ts,tsx}',
  'packages/local-supabase/src/**/*.test.ts',
  'lint/**/*.test.ts',
  'build/**/*.test.{ts,tsx}',
  'tests/*.test.ts',
]

const isolatedUnitFiles = unitFiles().filter((file) =>
  TOUCHES_SHARED_STATE.test(fs.readFileSync(file, 'utf8')),
)

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
          include: UNIT_INCLUDE,
          exclude: [...configDefaults.exclude, ...isolatedUnitFiles],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          environment: 'node',
          include: isolatedUnitFiles,
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
