// Prints the SQL that schedules the project's functions on hosted Supabase (pg_cron + pg_net), from
// supabase/functions/schedules.json: the same schedules the local stack keeps.
import { loadConfig } from '../config'
import { hostedScheduleSql } from '../functions/schedules-sql'
import { readSchedules } from '../functions/settings'

console.log(hostedScheduleSql(readSchedules(loadConfig().functionsProjectDir)))
