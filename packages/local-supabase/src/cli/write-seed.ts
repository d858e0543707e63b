import fs from 'node:fs'
import path from 'node:path'
import { PROJECT_DIR } from '../config'
import { seedSql } from '../seed/seed-sql'

/** Regenerates supabase/seed.sql from the demo data (npm run seed:write). */
const file = path.join(PROJECT_DIR, 'supabase', 'seed.sql')
fs.writeFileSync(file, seedSql())
console.log(`wrote ${path.relative(PROJECT_DIR, file)}`)
