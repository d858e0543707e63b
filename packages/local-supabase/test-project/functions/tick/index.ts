// Keeps the calls it receives (POST) and lists them (GET): the scheduler's calls, seen from the function.
const calls: { at: string; authorization: string | null; body: unknown }[] = []

Deno.serve(async (request) => {
  if (request.method === 'GET') return Response.json(calls)
  calls.push({
    at: new Date().toISOString(),
    authorization: request.headers.get('authorization'),
    body: await request.json(),
  })
  return Response.json({ received: calls.length })
})
