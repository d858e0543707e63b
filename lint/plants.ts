/** One file of a planted violation: where in the repository it goes, and what it holds. */
export type PlantFile = { path: string; code: string }

/** A house rule broken on purpose, and the words (`category: message`) Biome must refuse it with. */
export type Plant = { rule: string; files: PlantFile[]; refusedWith: string }

const RELATIVE = 'Imports in src/ are relative'
const VENDOR = 'Only src/lib imports supabase-js, Dexie and react-toastify'
const FEATURE = 'A feature does not import another feature'
const SHARED = 'import no feature'
const APP = "The app's start imports no feature's code"
const ROUTES = 'Only routes compose screens'
const DEVICE_DB = 'Data kept on this device is read and written through its owner module'
const BELOW_FIRST_SCREEN = "Nothing below the app's start imports the first screen"
const SELF_CONTAINED = "The inline script's helpers import nothing"
const INLINE_SCRIPT = "The inline script declares this file's functions from their source"
const FIRST_SCREEN_TAKES = 'The first screen takes from a feature only'
const PACKAGE = 'The local stack imports nothing from the project that uses it'

// Each plant folder (the first `lint-plant…` folder in a path) must not exist: the test writes and removes it.
const feature = 'src/features/lint-plant-a'

const plant = (rule: string, path: string, code: string, refusedWith: string): Plant => ({
  rule,
  files: [{ path, code: `${code}\n` }],
  refusedWith,
})

export const PLANTS: Plant[] = [
  // One import style: relative.
  plant(
    'alias import',
    `${feature}/components/alias-import.ts`,
    "export { toast } from '@/lib/toast'",
    RELATIVE,
  ),
  plant(
    'alias type import',
    `${feature}/components/alias-type.ts`,
    "import type { Listing } from '@/types/listing'\nexport type L = Listing",
    RELATIVE,
  ),
  plant(
    'alias dynamic import',
    `${feature}/components/alias-dynamic.ts`,
    "export const load = () => import('@/lib/toast')",
    RELATIVE,
  ),
  plant(
    'alias in vi.mock with a factory',
    `${feature}/components/alias-mock.test.ts`,
    "import { vi } from 'vitest'\n\nvi.mock('@/lib/toast', () => ({}))",
    RELATIVE,
  ),
  plant(
    'alias in vi.mock',
    `${feature}/components/alias-mock-bare.test.ts`,
    "import { vi } from 'vitest'\n\nvi.mock('@/lib/toast')",
    RELATIVE,
  ),

  // Only src/lib imports supabase-js, Dexie and react-toastify.
  plant(
    'supabase-js in a feature',
    `${feature}/api/supabase.ts`,
    "export { createClient } from '@supabase/supabase-js'",
    VENDOR,
  ),
  plant(
    'Dexie in src/device',
    'src/device/lint-plant/dexie.ts',
    "import Dexie from 'dexie'\nexport const db = new Dexie('x')",
    VENDOR,
  ),
  plant(
    'dexie-react-hooks in src/hooks',
    'src/hooks/lint-plant/live.ts',
    "export { useLiveQuery } from 'dexie-react-hooks'",
    VENDOR,
  ),
  plant(
    'react-toastify in src/components',
    'src/components/lint-plant/toast.ts',
    "import { toast } from 'react-toastify'\nexport const say = () => toast('hi')",
    VENDOR,
  ),
  plant(
    "react-toastify's stylesheet in src/app",
    'src/app/lint-plant/toast-css.ts',
    "import 'react-toastify/dist/ReactToastify.css'",
    VENDOR,
  ),
  plant(
    'Dexie imported lazily in a route',
    'src/routes/lint-plant/lazy-dexie.ts',
    "export const load = () => import('dexie')",
    VENDOR,
  ),
  plant(
    'a Dexie type in src/types',
    'src/types/lint-plant/table.ts',
    "import type { Table } from 'dexie'\nexport type T = Table",
    VENDOR,
  ),
  plant(
    'react-toastify re-exported',
    'src/utils/lint-plant/re-export.ts',
    "export { toast } from 'react-toastify'",
    VENDOR,
  ),
  plant(
    'postgrest-js re-exported whole',
    'src/first-screen/lint-plant/star.ts',
    "export * from '@supabase/postgrest-js'",
    VENDOR,
  ),
  plant(
    'a Dexie type re-exported',
    'src/device/lint-plant/type-re-export.ts',
    "export type { Table } from 'dexie'",
    VENDOR,
  ),

  // Features don't import each other.
  plant(
    'a feature into another',
    `${feature}/components/other-feature.ts`,
    "export { x } from '../../saved/components/x'",
    FEATURE,
  ),
  plant(
    'a feature into another, climbing from ./',
    `${feature}/components/dot-climb.ts`,
    "export { x } from './../../saved/components/x'",
    FEATURE,
  ),
  plant(
    "another feature's folder index",
    `${feature}/folder-index.ts`,
    "export { x } from '../saved'",
    FEATURE,
  ),
  plant(
    'a feature into another from deep inside',
    `${feature}/edit/steps/photos/deep.ts`,
    "export { x } from '../../../../saved/api/x'",
    FEATURE,
  ),
  plant(
    'a feature into another through src/features',
    `${feature}/components/through-src.ts`,
    "export { x } from '../../../features/saved/api/x'",
    FEATURE,
  ),
  plant(
    'a feature into another, lazily',
    `${feature}/components/lazy-feature.ts`,
    "export const load = () => import('../../saved/api/x')",
    FEATURE,
  ),

  // Shared layers, the app's start and pwa import no feature.
  plant(
    'src/components imports a feature',
    'src/components/lint-plant/feature.ts',
    "export { x } from '../../features/saved/api/x'",
    SHARED,
  ),
  plant(
    'src/lib imports a feature',
    'src/lib/lint-plant/feature.ts',
    "export { x } from '../../features/saved/api/x'",
    SHARED,
  ),
  plant(
    'src/device imports a feature',
    'src/device/lint-plant/feature.ts',
    "export { x } from '../../features/saved/api/x'",
    SHARED,
  ),
  plant(
    'src/hooks imports a feature',
    'src/hooks/lint-plant/feature.ts',
    "export { x } from '../../features/saved'",
    SHARED,
  ),
  plant(
    'src/utils imports a feature',
    'src/utils/lint-plant/feature.ts',
    "export { x } from '../../features/saved/x'",
    SHARED,
  ),
  plant(
    'src/pwa imports a feature',
    'src/pwa/lint-plant/feature.ts',
    "export { x } from '../../features/saved/api/x'",
    SHARED,
  ),
  plant(
    "src/app imports a feature's code",
    'src/app/lint-plant/feature.ts',
    "export { x } from '../../features/listings/first-screen'",
    APP,
  ),

  // Only routes compose screens.
  plant(
    'src/lib imports a route',
    'src/lib/lint-plant/route.ts',
    "export { Route } from '../../routes/index'",
    ROUTES,
  ),
  plant(
    'src/components imports the route tree',
    'src/components/lint-plant/route-tree.ts',
    "export { routeTree } from '../../routeTree.gen'",
    ROUTES,
  ),
  plant(
    'a feature imports src/app',
    `${feature}/components/app.ts`,
    "export { createApp } from '../../../app/app'",
    ROUTES,
  ),

  // Only src/device reaches the device database.
  plant(
    'a feature reaches the device database',
    `${feature}/api/local-db.ts`,
    "export { getLocalDb } from '../../../lib/local-db'",
    DEVICE_DB,
  ),
  plant(
    'a route reaches the device database',
    'src/routes/lint-plant/local-db.ts',
    "export { getLocalDb } from '../../lib/local-db-access'",
    DEVICE_DB,
  ),
  plant(
    'pwa reaches the device database',
    'src/pwa/lint-plant/local-db.ts',
    "export const load = () => import('../../lib/local-db')",
    DEVICE_DB,
  ),

  // Nothing below the app's start imports the first screen: its early answer comes through a port in src/lib.
  plant(
    "a feature's read takes the first screen's answer",
    `${feature}/api/early.ts`,
    "export { readEarlyAnswer } from '../../../first-screen/early-listings'",
    BELOW_FIRST_SCREEN,
  ),
  plant(
    'src/lib waits on the first screen',
    'src/lib/lint-plant/first-screen.ts',
    "export const load = () => import('../../first-screen/early-request')",
    BELOW_FIRST_SCREEN,
  ),
  plant(
    'pwa imports the first screen',
    'src/pwa/lint-plant/first-screen.ts',
    "export { takeEarlyResponse } from '../../first-screen/early-request'",
    BELOW_FIRST_SCREEN,
  ),

  // The first screen takes a feature's public first-screen files only.
  plant(
    "the first screen takes a feature's insides",
    'src/first-screen/lint-plant/insides.ts',
    "export { ListingCard } from '../../features/listings/components/listing-card'",
    FIRST_SCREEN_TAKES,
  ),

  // The inline script's helpers import nothing, not even a type: index.html declares them from their source.
  plant(
    "an import in the inline script's helpers",
    'src/utils/lint-plant/inline-script-helpers.ts',
    "import { nextTask } from '../next-task'\nexport const later = () => nextTask()",
    SELF_CONTAINED,
  ),
  plant(
    "a type import in the inline script's helpers",
    'src/utils/lint-plant-types/inline-script-helpers.ts',
    "import type { Listing } from '../../types/listing'\nexport type L = Listing",
    SELF_CONTAINED,
  ),

  // The inline script's own files take values only from each other and its helpers.
  plant(
    'the inline script takes a value from src/lib',
    'src/first-screen/lint-plant/early-cards.ts',
    "import { tabMemory } from '../../lib/supabase'\nexport const memory = () => tabMemory()",
    INLINE_SCRIPT,
  ),
  plant(
    'the inline script re-exports a value',
    'src/first-screen/lint-plant/early-script.ts',
    "export { formatPrice } from '../../utils/format-price'",
    INLINE_SCRIPT,
  ),

  // The local stack is a package of its own: nothing of the project that uses it.
  plant(
    'the local stack climbs into the app',
    'packages/local-supabase/src/lint-plant/climb.ts',
    "export { formatPrice } from '../../../../src/utils/format-price'",
    PACKAGE,
  ),
  plant(
    "the local stack takes the app's alias",
    'packages/local-supabase/src/lint-plant/alias.ts',
    "export { formatPrice } from '@/utils/format-price'",
    PACKAGE,
  ),

  // No import cycle, type imports included.
  {
    rule: 'an import cycle through a type import',
    files: [
      {
        path: 'src/utils/lint-plant-cycle/one.ts',
        code: "import type { Two } from './two'\nexport type One = { two: Two }\n",
      },
      {
        path: 'src/utils/lint-plant-cycle/two.ts',
        code: "import type { One } from './one'\nexport type Two = { one: One }\n",
      },
    ],
    refusedWith: 'lint/suspicious/noImportCycles',
  },

  // No function over 80 lines, blank ones not counted.
  plant(
    'a function of 81 lines (its body counted)',
    'src/utils/lint-plant/long.ts',
    `export function long(): number {\n  let n = 0\n${'  n += 1\n'.repeat(79)}  return n\n}`,
    'lint/complexity/noExcessiveLinesPerFunction',
  ),
]
