import fs from 'node:fs'
import path from 'node:path'
import { PROJECT_DIR } from '@roost/local-supabase/config'
import {
  DATABASE_TYPES_FILE,
  FUNCTIONS_DATABASE_TYPES_FILE,
  generateDatabaseTypes,
} from '@roost/local-supabase/db/typegen'
import { expect, inject, it } from 'vitest'

const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)

it('src/types/database.ts and its copy for the Edge Functions are what `npm run gen:types` makes of the migrations', async () => {
  const generated = await generateDatabaseTypes({
    dataDir: path.join(PROJECT_DIR, '.local', 'test-database-types'),
    port: 27422 + offset,
    jwtSecret: inject('jwtSecret'),
  })
  for (const file of [DATABASE_TYPES_FILE, FUNCTIONS_DATABASE_TYPES_FILE]) {
    const committed = fs.readFileSync(path.join(PROJECT_DIR, file), 'utf8')
    // On failure: run `npm run gen:types` and commit the result.
    expect(committed, `${file} is stale: run \`npm run gen:types\``).toBe(generated)
  }
}, 120_000)
