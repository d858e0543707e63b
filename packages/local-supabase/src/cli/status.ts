import type { StackConfig } from '../config'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../http/caller'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/demo-accounts'

/** What `supabase status` prints, for the local stack, plus the app and the demo accounts. */
export function statusText(config: StackConfig, opts: { app?: string } = {}): string {
  const dbUrl = config.databaseUrl ?? `postgresql://postgres@127.0.0.1:${config.dbPort}/postgres`
  const lines = [
    '',
    ...(opts.app ? [`  App            ${opts.app}`] : []),
    `  API URL        ${config.apiUrl}`,
    `  REST           ${config.apiUrl}/rest/v1`,
    `  Auth           ${config.apiUrl}/auth/v1`,
    `  Storage        ${config.apiUrl}/storage/v1`,
    `  Geocoding      ${config.apiUrl}/geocode/v1/search`,
    `  Functions      ${config.apiUrl}/functions/v1`,
    `  DB URL         ${dbUrl}`,
    `  Mail outbox    ${config.mailUrl}`,
    `  anon key       ${config.anonKey}`,
    `  service_role   ${config.serviceRoleKey}`,
    `  Publishable    ${PUBLISHABLE_KEY}`,
    `  Secret         ${SECRET_KEY}`,
    `  Data folder    ${config.dataDir}`,
    '',
    `  Demo accounts (password "${DEMO_PASSWORD}"):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(22)} ${a.name}`),
    '',
  ]
  return lines.join('\n')
}
