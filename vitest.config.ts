import fs from 'node:fs'
import { configDefaults, defineConfig } from 'vitest/config'
import { APP_ALIASES, appEnv } from './vite-app-env'

/** Where unit tests live: each folder, whether its subfolders count, and the test files' extensions. */
const UNIT_ROOTS = [
  { dir: 'src', deep: true, exts: ['ts', 'tsx'] },
  { dir: 'packages/local-supabase/src', deep: true, exts: ['ts'] },
  { dir: 'lint', deep: true, exts: ['ts'] },
  { dir: 'build', deep: true, exts: ['ts', 'tsx'] },
  { dir: 'tests', deep: false, exts: ['ts'] },
]

const UNIT_INCLUDE = UNIT_ROOTS.map(
  ({ dir, deep, exts }) =>
    `${dir}/${deep ? '**/' : ''}*.test.${exts.length > 1 ? `{${exts.join(',')}}` : exts[0]}`,
)

/**
 * What makes a unit test file change state other files would see: mocked modules, stubbed globals or
 * environment, fake timers, spies, the browser's globals or the device database. Such a file runs with a
 * module graph of its own; every other file shares one (each file of its own took most of the unit step's
 * time: a worker's start and imports for 40 ms of tests).
 */
const TOUCHES_SHARED_STATE =
  /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn|hoisted)|globalThis\.|window\.|indexedDB|fake-indexeddb|process\.env\.[A-Z_]+ ?=/

/** The files UNIT_INCLUDE matches, as paths from the project's folder. */
function unitFiles(): string[] {
  const walk = (dir: string, deep: boolean, exts: string[]): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = `${dir}/${entry.name}`
          if (entry.isDirectory()) return deep && entry.name !== 'node_modules' ? walk(file, deep, exts) : []
          return exts.some((ext) => entry.name.endsWith(`.test.${ext}`)) ? [file] : []
        })
      : []
  return UNIT_ROOTS.flatMap(({ dir, deep, exts }) => walk(dir, deep, exts))
}

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
