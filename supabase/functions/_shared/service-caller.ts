/**
 * The role of a function's caller: the gateway has verified the JWT's signature (verify_jwt), so its
 * `role` claim can be read; the service role key itself counts as `service_role`. For functions that
 * only the schedule (pg_cron through pg_net, with the service role key) may run.
 */
export function callerRole(request: Request): string | null {
  const token = request.headers.get('Authorization')?.replace(/^Bearer\s+/i, '') ?? ''
  if (token && token === Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')) return 'service_role'
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown }
    return typeof claims.role === 'string' ? claims.role : null
  } catch {
    return null
  }
}
