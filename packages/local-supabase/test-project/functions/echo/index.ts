// Answers with what it was given: the request as the function sees it, and its environment.
const NAMES = [
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SUPABASE_DB_URL',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'PUSH_ALLOW_LOOPBACK',
  'ECHO_SECRET',
  'HOME',
  'ROOST_STACK_ONLY',
]

Deno.serve(async (request) => {
  const url = new URL(request.url)
  const env = Object.fromEntries(NAMES.map((name) => [name, Deno.env.get(name) ?? null]))
  return Response.json({
    method: request.method,
    path: url.pathname,
    search: url.search,
    authorization: request.headers.get('authorization'),
    apikey: request.headers.get('apikey'),
    contentType: request.headers.get('content-type'),
    body: request.method === 'GET' ? null : await request.text(),
    env,
    pid: Deno.pid,
  })
})
