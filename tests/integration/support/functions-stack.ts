import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig, PROJECT_DIR, type StackConfig } from '@roost/local-supabase/config'
import { type RunningStack, startStack } from '@roost/local-supabase/stack'
import { inject } from 'vitest'
import { PUSH_SERVICE_FUNCTION_ENV } from './push-service'

/** The fixture project the functions tests serve (packages/local-supabase/test-project/README.md). */
export const TEST_PROJECT = path.join(PROJECT_DIR, 'packages', 'local-supabase', 'test-project')

const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)

/** Ports of the functions tests' own stack, apart from the shared integration stack's. */
export const FUNCTIONS_STACK_PORTS = {
  apiPort: 25341 + offset,
  mailPort: 25344 + offset,
  appPort: 25343 + offset,
}

export type FunctionsStack = RunningStack & { dataDir: string }

/**
 * A second stack over the integration database (already migrated, so it starts in a moment) serving the
 * fixture project's functions, with the loopback push service allowed. Its data folder is its own (a
 * fresh temporary one unless given), so its VAPID keys and Deno cache are too.
 */
export async function startFunctionsStack(
  opts: { dataDir?: string; scheduler?: boolean; overrides?: Partial<StackConfig> } = {},
): Promise<FunctionsStack> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'roost-functions-'))
  const config = loadConfig(
    {
      ...process.env,
      LOCAL_DATA_DIR: dataDir,
      LOCAL_SEED: 'off',
      LOCAL_SUPABASE_DIR: TEST_PROJECT,
      LOCAL_FUNCTIONS_SCHEDULER: opts.scheduler ? 'on' : 'off',
      DATABASE_URL: inject('databaseUrl'),
    },
    { ...FUNCTIONS_STACK_PORTS, functionEnv: PUSH_SERVICE_FUNCTION_ENV, ...opts.overrides },
  )
  const stack = await startStack(config)
  return { ...stack, dataDir }
}
