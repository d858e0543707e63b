import path from 'node:path'
import { z } from 'zod'
import { signJwtSync } from './core/jwt'
import type { VapidKeys } from './functions/vapid'

/** Supabase CLI's well-known local JWT secret; every local key below is signed with it. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'

/**
 * The project the stack serves (its `supabase/` folder, its app, its `.local` data): the folder npm runs the
 * project's scripts in, or LOCAL_PROJECT_DIR.
 */
export const PROJECT_DIR = path.resolve(process.env.LOCAL_PROJECT_DIR ?? process.cwd())

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback)

const EnvSchema = z.object({
  APP_PORT: port(4173),
  DEV_PORT: port(5173),
  LOCAL_API_PORT: port(54321),
  LOCAL_DB_PORT: port(54322),
  LOCAL_MAIL_PORT: port(54324),
  LOCAL_DATA_DIR: z.string().min(1).default(path.join(PROJECT_DIR, '.local')),
  LOCAL_JWT_SECRET: z.string().min(32).optional(),
  DATABASE_URL: z.url().optional(),
  LOCAL_SITE_URL: z.url().optional(),
  LOCAL_DB_DURABILITY: z.enum(['on', 'off']).default('on'),
  LOCAL_AUTH_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  LOCAL_SEED: z.enum(['on', 'off']).default('on'),
  LOCAL_SUPABASE_DIR: z.string().min(1).default(path.join(PROJECT_DIR, 'supabase')),
  LOCAL_FUNCTIONS_SCHEDULER: z.enum(['on', 'off']).default('on'),
  LOCAL_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'a mailto: or https: contact')
    .default('mailto:alerts@roost.example'),
  LOCAL_AUTH_ANONYMOUS_SIGN_INS: z.enum(['on', 'off']).default('off'),
  LOCAL_AUTH_SECURE_PASSWORD_CHANGE: z.enum(['on', 'off']).default('off'),
  LOCAL_AUTH_MANUAL_LINKING: z.enum(['on', 'off']).default('off'),
  LOCAL_AUTH_SIGNING_ALGORITHM: z.enum(['HS256', 'ES256']).default('HS256'),
  LOCAL_REST_QUERY_APIKEY: z.enum(['gateway', 'postgrest']).default('gateway'),
  // The API address an app built by `npm start` / `npm run dev` calls, when not the stack's own.
  VITE_SUPABASE_URL: z.string().trim().optional(),
  LOCAL_BEHIND_PROXY: z.enum(['on', 'off']).default('off'),
})

export type StackConfig = {
  appPort: number
  /** Vite's dev server in `npm run dev`. */
  devPort: number
  apiPort: number
  dbPort: number
  mailPort: number
  /** Where the database files, stored objects and the outbox live. */
  dataDir: string
  /** A Postgres to use instead of starting one (must allow creating roles and schemas). */
  databaseUrl: string | undefined
  /**
   * fsync, synchronous_commit and full_page_writes on: a write that was answered survives a crash.
   * `LOCAL_DB_DURABILITY=off` trades that for speed, for test runs on throw-away data only.
   */
  durable: boolean
  /**
   * Auth's per-IP request limits and per-address email interval, as Supabase Auth enforces them.
   * `LOCAL_AUTH_RATE_LIMITS=off` lifts them for test runs, whose every request comes from one address.
   */
  authRateLimits: boolean
  /** Load the demo seed into a fresh database (`LOCAL_SEED=off`: an empty project). */
  seed: boolean
  /**
   * The Supabase project folder whose `functions/<name>/index.ts` the stack serves at /functions/v1 and
   * whose `config.toml` gives each function's `verify_jwt` (`LOCAL_SUPABASE_DIR`; tests point it at a
   * fixture project).
   */
  functionsProjectDir: string
  /** VITE_SUPABASE_URL when set: the API the app `npm start` builds calls instead of this stack's. */
  appSupabaseUrl?: string
  /** Call functions on `functions/schedules.json`'s schedules (`LOCAL_FUNCTIONS_SCHEDULER=off`: never). */
  functionsScheduler: boolean
  /**
   * Extra environment for functions, on top of Supabase's variables, the VAPID keys and
   * `functions/.env`: test stacks allow the loopback push service here. Never set by default.
   */
  functionEnv: Record<string, string>
  /** The contact in VAPID tokens (`VAPID_SUBJECT`), as push services ask for. */
  vapidSubject: string
  /** VAPID keys to use instead of the data folder's (a stack whose data folder is wiped at each start). */
  vapidKeys?: VapidKeys
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  /** Public address of the API, as clients and email links see it. */
  apiUrl: string
  mailUrl: string
  /** The app's address: default redirect target for auth flows. */
  siteUrl: string
  /** Extra redirect targets allowed for auth flows (globs, as in config.toml). */
  additionalRedirectUrls: string[]
  jwtExpirySeconds: number
  refreshTokenReuseIntervalSeconds: number
  /** `signInAnonymously()` allowed (config.toml's `enable_anonymous_sign_ins`, off as on hosted). */
  authAnonymousSignIns: boolean
  /** `linkIdentity()` and `unlinkIdentity()` allowed (config.toml's `enable_manual_linking`, off by default). */
  authManualLinking: boolean
  /** A password change needs a reauthentication nonce once the session is a day old (`secure_password_change`). */
  authSecurePasswordChange: boolean
  /** How user access tokens are signed: the secret (HS256) or the project's ES256 key, published as JWKS. */
  authSigningAlgorithm: 'HS256' | 'ES256'
  /**
   * An `apikey` query parameter on /rest/v1 (`LOCAL_REST_QUERY_APIKEY`): `gateway` takes it as the key and
   * keeps it from PostgREST, as hosted Supabase's gateway does; `postgrest` also passes it on, so PostgREST
   * reads it as a filter and answers 400 PGRST100, as the Supabase CLI's stack and self-hosted Supabase do.
   */
  restQueryApiKey: 'gateway' | 'postgrest'
  /**
   * Whether a proxy in front of the stack sets `cf-connecting-ip` to the client's address
   * (`LOCAL_BEHIND_PROXY=on`): then the stack passes that header on to the database and functions as sent.
   * Off (the default), the stack is in front, as Supabase's edge is: it drops a client's copy of the header
   * and sets it to the connection's address.
   */
  behindProxy: boolean
}

/**
 * The environment the stack's configuration is read from: `defaults` under this process's environment,
 * `overrides` over it. The one place the stack reads `process.env`.
 */
export function stackEnv(
  defaults: Record<string, string> = {},
  overrides: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return { ...defaults, ...process.env, ...overrides }
}

/** The environment a child process of the stack runs with (Postgres, Vite): this one plus `extra`. */
export function childProcessEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...process.env, ...extra }
}

/** How far BENCH_PORT_OFFSET moves the bench stack's ports (0 when unset), so several checkouts can bench at once. */
export function benchPortOffset(env: NodeJS.ProcessEnv = process.env): number {
  const offset = z.coerce
    .number()
    .int()
    .min(0)
    .max(30000)
    .default(0)
    .safeParse(env.BENCH_PORT_OFFSET || undefined)
  if (!offset.success) throw new Error('BENCH_PORT_OFFSET must be a whole number of ports')
  return offset.data
}

/** How far ROOST_E2E_PORT_OFFSET moves the end-to-end stack's ports (0 when unset). */
export function e2ePortOffset(env: NodeJS.ProcessEnv = process.env): number {
  const offset = z.coerce
    .number()
    .int()
    .min(0)
    .max(30000)
    .default(0)
    .safeParse(env.ROOST_E2E_PORT_OFFSET || undefined)
  if (!offset.success) throw new Error('ROOST_E2E_PORT_OFFSET must be a whole number of ports')
  return offset.data
}

/**
 * How many end-to-end stacks, one per Playwright worker (ROOST_E2E_WORKERS, 2 when unset). In Chromium's
 * headless shell one worker leaves a third of two cores idle (the specs wait on timers and the network too).
 */
export function e2eWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const workers = z.coerce
    .number()
    .int()
    .min(1)
    .max(4)
    .default(2)
    .safeParse(env.ROOST_E2E_WORKERS || undefined)
  if (!workers.success) throw new Error('ROOST_E2E_WORKERS must be a whole number from 1 to 4')
  return workers.data
}

/**
 * Which end-to-end stack this process belongs to: ROOST_E2E_SLOT in a stack's server, the worker's parallel
 * index (TEST_PARALLEL_INDEX, set by Playwright) in a test worker, 0 anywhere else.
 */
export function e2eSlot(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.ROOST_E2E_SLOT || env.TEST_PARALLEL_INDEX || undefined
  const slot = z.coerce.number().int().min(0).max(3).default(0).safeParse(raw)
  if (!slot.success) throw new Error('ROOST_E2E_SLOT must be a whole number from 0 to 3')
  return slot.data
}

function apiKey(role: string, secret: string): string {
  return signJwtSync({ iss: 'supabase-demo', role, exp: 1983812996 }, secret)
}

/** Reads the stack's configuration from the environment (validated once) with overrides for tests. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<StackConfig> = {},
): StackConfig {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    throw new Error(`Invalid environment for the local stack:\n${z.prettifyError(parsed.error)}`)
  }
  const e = parsed.data
  const apiPort = overrides.apiPort ?? e.LOCAL_API_PORT
  const appPort = overrides.appPort ?? e.APP_PORT
  const devPort = overrides.devPort ?? e.DEV_PORT
  const mailPort = overrides.mailPort ?? e.LOCAL_MAIL_PORT
  const siteUrl = overrides.siteUrl ?? e.LOCAL_SITE_URL ?? `http://localhost:${appPort}`
  return {
    appPort,
    devPort,
    apiPort,
    dbPort: e.LOCAL_DB_PORT,
    mailPort,
    dataDir: path.resolve(e.LOCAL_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    durable: e.LOCAL_DB_DURABILITY === 'on',
    authRateLimits: e.LOCAL_AUTH_RATE_LIMITS === 'on',
    seed: e.LOCAL_SEED === 'on',
    functionsProjectDir: path.resolve(e.LOCAL_SUPABASE_DIR),
    ...(e.VITE_SUPABASE_URL ? { appSupabaseUrl: e.VITE_SUPABASE_URL } : {}),
    functionsScheduler: e.LOCAL_FUNCTIONS_SCHEDULER === 'on',
    functionEnv: {},
    vapidSubject: e.LOCAL_VAPID_SUBJECT,
    jwtSecret: e.LOCAL_JWT_SECRET ?? DEFAULT_JWT_SECRET,
    // A custom secret gets keys of its own, signed like the CLI's.
    anonKey: e.LOCAL_JWT_SECRET ? apiKey('anon', e.LOCAL_JWT_SECRET) : DEFAULT_ANON_KEY,
    serviceRoleKey: e.LOCAL_JWT_SECRET
      ? apiKey('service_role', e.LOCAL_JWT_SECRET)
      : DEFAULT_SERVICE_ROLE_KEY,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    mailUrl: `http://127.0.0.1:${mailPort}`,
    siteUrl,
    additionalRedirectUrls: [
      `http://localhost:${appPort}/**`,
      `http://127.0.0.1:${appPort}/**`,
      `http://localhost:${devPort}/**`,
      `http://127.0.0.1:${devPort}/**`,
    ],
    jwtExpirySeconds: 3600,
    refreshTokenReuseIntervalSeconds: 10,
    authAnonymousSignIns: e.LOCAL_AUTH_ANONYMOUS_SIGN_INS === 'on',
    authSecurePasswordChange: e.LOCAL_AUTH_SECURE_PASSWORD_CHANGE === 'on',
    authManualLinking: e.LOCAL_AUTH_MANUAL_LINKING === 'on',
    authSigningAlgorithm: e.LOCAL_AUTH_SIGNING_ALGORITHM,
    restQueryApiKey: e.LOCAL_REST_QUERY_APIKEY,
    behindProxy: e.LOCAL_BEHIND_PROXY === 'on',
    ...overrides,
  }
}
