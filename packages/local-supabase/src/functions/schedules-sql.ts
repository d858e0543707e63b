import type { Schedule } from './settings'

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`
const vaultSecret = (name: string) =>
  `(select decrypted_secret from vault.decrypted_secrets where name = ${literal(name)})`

/**
 * The SQL that makes hosted Supabase call the functions as the local stack does: one pg_cron job per
 * schedule, each a pg_net POST of the schedule's body with the service role key, the project URL and
 * key read from Vault (`project_url`, `service_role_key`). `cron.schedule` replaces a job of the same
 * name, so running it again after a change updates the jobs.
 */
export function hostedScheduleSql(schedules: Schedule[]): string {
  return schedules
    .map((schedule) =>
      [
        `select cron.schedule(`,
        `  ${literal(schedule.name)},`,
        `  ${literal(schedule.cron)},`,
        `  $$`,
        `  select net.http_post(`,
        `    url := ${vaultSecret('project_url')} || '/functions/v1/${schedule.function}',`,
        `    headers := jsonb_build_object(`,
        `      'Content-Type', 'application/json',`,
        `      'Authorization', 'Bearer ' || ${vaultSecret('service_role_key')}`,
        `    ),`,
        `    body := ${literal(JSON.stringify(schedule.body))}::jsonb,`,
        `    timeout_milliseconds := 60000`,
        `  );`,
        `  $$`,
        `);`,
      ].join('\n'),
    )
    .join('\n\n')
}
