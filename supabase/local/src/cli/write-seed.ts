import fs from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../config'
import { seedSql } from '../seed/seed-sql'

/** Regenerates supabase/seed.sql from the demo data (npm run seed:write). */
const file = path.join(REPO_ROOT, 'supabase', 'seed.sql')
fs.writeFileSync(file, seedSql())
console.log(`wrote ${path.relative(REPO_ROOT, file)}`)
