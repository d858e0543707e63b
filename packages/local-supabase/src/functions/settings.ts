import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/** A function's name as Supabase accepts it; `_shared` and other `_` folders are code, not functions. */
export const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/

/** Where a Supabase project keeps its functions: `<project>/functions/<name>/index.ts`. */
export function functionsDir(projectDir: string): string {
  return path.join(projectDir, 'functions')
}

/** The entry point of a function, or undefined when the project has no such function. */
export function functionEntry(projectDir: string, name: string): string | undefined {
  if (!FUNCTION_NAME.test(name)) return undefined
  const entry = path.join(functionsDir(projectDir), name, 'index.ts')
  return fs.existsSync(entry) ? entry : undefined
}

/**
 * `verify_jwt` of each `[functions.<name>]` section of the project's config.toml, as the Supabase CLI
 * reads it. Only these sections are read; a function without one verifies JWTs (Supabase's default).
 */
export function readVerifyJwt(configToml: string): Map<string, boolean> {
  const result = new Map<string, boolean>()
  let current: string | undefined
  for (const raw of configToml.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, '').trim()
    if (line === '' || line.startsWith('#')) continue
    const table = /^\[\s*([^\]]+?)\s*\]$/.exec(line)
    if (table?.[1]) {
      const name = /^functions\.(?:"([^"]+)"|([A-Za-z0-9_-]+))$/.exec(table[1])
      current = name ? (name[1] ?? name[2]) : undefined
      continue
    }
    const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line)
    if (current && setting) result.set(current, setting[1] === 'true')
  }
  return result
}

/** Whether the function requires a valid JWT, from `<project>/config.toml` (read on each call). */
export function verifiesJwt(projectDir: string, name: string): boolean {
  const file = path.join(projectDir, 'config.toml')
  if (!fs.existsSync(file)) return true
  return readVerifyJwt(fs.readFileSync(file, 'utf8')).get(name) ?? true
}

/**
 * Secrets for local functions from `<project>/functions/.env`, the file `supabase functions serve` reads
 * (KEY=VALUE lines, `#` comments, optional quotes). Missing file: none.
 */
export function readFunctionSecrets(projectDir: string): Record<string, string> {
  const file = path.join(functionsDir(projectDir), '.env')
  if (!fs.existsSync(file)) return {}
  const secrets: Record<string, string> = {}
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(raw)
    if (!match?.[1] || raw.trim().startsWith('#')) continue
    const value = match[2] ?? ''
    const quoted = /^(["'])(.*)\1$/.exec(value)
    secrets[match[1]] = quoted ? (quoted[2] ?? '') : value.replace(/\s+#.*$/, '')
  }
  return secrets
}

const ScheduleSchema = z.object({
  /** The pg_cron job name on hosted Supabase. */
  name: z.string().regex(/^[a-z0-9-]+$/),
  function: z.string().regex(FUNCTION_NAME),
  /** pg_cron's syntax: five cron fields (UTC), or `'N seconds'` (1–59). */
  cron: z.string().min(1),
  /** The JSON body posted to the function. */
  body: z.record(z.string(), z.unknown()).default({}),
})

export type Schedule = z.infer<typeof ScheduleSchema>

const SchedulesFileSchema = z.object({
  $comment: z.string().optional(),
  schedules: z.array(ScheduleSchema),
})

/** The file declaring when functions run: read by the local scheduler and turned into hosted SQL. */
export function schedulesFile(projectDir: string): string {
  return path.join(functionsDir(projectDir), 'schedules.json')
}

/** The project's function schedules (none without the file); throws with a clear message on junk. */
export function readSchedules(projectDir: string): Schedule[] {
  const file = schedulesFile(projectDir)
  if (!fs.existsSync(file)) return []
  const parsed = SchedulesFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')))
  if (!parsed.success) throw new Error(`Invalid ${file}:\n${z.prettifyError(parsed.error)}`)
  return parsed.data.schedules
}
