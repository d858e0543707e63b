import path from 'node:path'
import { PROJECT_DIR } from '@roost/local-supabase/config'
import { compareSnapshots, describeDifferences } from '@roost/local-supabase/db/schema-compare'
import { withSchemaDatabases } from '@roost/local-supabase/db/schema-databases'
import { readSchemaSnapshot } from '@roost/local-supabase/db/schema-snapshot'
import { expect, inject, it } from 'vitest'

const offset = Number(process.env.ROOST_TEST_PORT_OFFSET ?? 0)

it('supabase/schemas and supabase/migrations build the same database', async () => {
  const differences = await withSchemaDatabases(
    {
      dataDir: path.join(PROJECT_DIR, '.local', 'test-schema-drift'),
      port: 27432 + offset,
      jwtSecret: inject('jwtSecret'),
    },
    async ({ migrations, schemas }) =>
      compareSnapshots(
        await readSchemaSnapshot(migrations.superuser),
        await readSchemaSnapshot(schemas.superuser),
      ),
  )
  // On failure: a schema file was changed without its migration (run `npm run db:diff -- <name>`), or a
  // migration was written without its schema file (change the file to say what the migration made).
  expect(
    describeDifferences(differences, { first: 'supabase/migrations', second: 'supabase/schemas' }),
    'supabase/schemas and supabase/migrations disagree',
  ).toBe('')
}, 180_000)
