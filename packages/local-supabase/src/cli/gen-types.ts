// `npm run gen:types`: regenerate src/types/database.ts from supabase/migrations, and its copy for the
// Edge Functions.
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig, PROJECT_DIR } from '../config'
import { DATABASE_TYPES_FILE, FUNCTIONS_DATABASE_TYPES_FILE, generateDatabaseTypes } from '../db/typegen'
import { fail, log } from './run'

const config = loadConfig()
const types = await generateDatabaseTypes({
  // A throw-away cluster of its own beside the stack's database port, so a running `npm start` and its data
  // play no part.
  dataDir: path.join(config.dataDir, 'gen-types'),
  port: config.dbPort + 1000,
  jwtSecret: config.jwtSecret,
}).catch(fail)
for (const file of [DATABASE_TYPES_FILE, FUNCTIONS_DATABASE_TYPES_FILE]) {
  fs.writeFileSync(path.join(PROJECT_DIR, file), types)
  log(`wrote ${file}`)
}
