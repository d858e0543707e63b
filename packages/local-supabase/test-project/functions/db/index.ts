// Queries the database through SUPABASE_DB_URL with npm:pg from node_modules, as a function may.
import pg from 'npm:pg'

Deno.serve(async () => {
  const client = new pg.Client({ connectionString: Deno.env.get('SUPABASE_DB_URL') })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select current_user as "user", count(*)::int as listings from public.listings`,
    )
    return Response.json(rows[0])
  } finally {
    await client.end()
  }
})
