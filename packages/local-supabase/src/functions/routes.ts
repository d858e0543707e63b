import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { StackConfig } from '../config'
import { CLIENT_ADDRESS_HEADER, trustedClientAddress } from '../core/client-address'
import { verifyJwt } from '../core/jwt'
import { BootError, type FunctionRuntime } from './runtime'
import { functionEntry, verifiesJwt } from './settings'

/** The methods Supabase's functions gateway lets through (OPTIONS is answered by the CORS layer). */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])

/** Hop-by-hop headers a proxy drops, and the ones fetch rewrites for itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
])

/** Hosted Supabase's wall-clock limit for one request. */
const REQUEST_TIMEOUT_MS = 150_000

function platformError(c: Context, status: 401 | 404 | 405 | 500 | 503 | 504, code: string, message: string) {
  return c.json({ code, message }, status, { 'sb-error-code': code })
}

function peerOf(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}

async function jwtRefusal(c: Context, config: StackConfig): Promise<Response | undefined> {
  const header = c.req.header('authorization')
  if (!header) return c.json({ code: 401, message: 'Missing authorization header' }, 401)
  const match = /^Bearer (.+)$/.exec(header)
  if (!match?.[1]) return c.json({ code: 401, message: "Auth header is not 'Bearer {token}'" }, 401)
  const verified = await verifyJwt(match[1], config.jwtSecret)
  return verified.ok ? undefined : c.json({ code: 401, message: 'Invalid JWT' }, 401)
}

/**
 * `/functions/v1/<name>[/...]`, as Supabase's gateway serves Edge Functions: the JWT checked when the
 * function's `verify_jwt` is on (the default), then the request passed whole (method, path below the
 * function's name, query, headers including Authorization and apikey, body) to the function's Deno
 * process, and its response passed back as it streams.
 */
export function functionRoutes(config: StackConfig, runtime: FunctionRuntime): Hono {
  const app = new Hono()
  app.all('*', async (c) => {
    const match = /^\/functions\/v1\/([^/]+)(\/.*)?$/.exec(c.req.path)
    let name = ''
    try {
      name = match?.[1] ? decodeURIComponent(match[1]) : ''
    } catch {
      // A malformed escape names no function.
    }
    const entry = functionEntry(config.functionsProjectDir, name)
    if (!entry) return platformError(c, 404, 'NOT_FOUND', 'Requested function was not found')
    if (!METHODS.has(c.req.method)) {
      return platformError(c, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed')
    }
    if (verifiesJwt(config.functionsProjectDir, name)) {
      const refusal = await jwtRefusal(c, config)
      if (refusal) return refusal
    }

    let port: number
    try {
      port = await runtime.portOf(name, entry)
    } catch (error) {
      if (!(error instanceof BootError)) throw error
      return platformError(c, 503, 'BOOT_ERROR', 'Function failed to start (please check logs)')
    }

    const url = new URL(c.req.url)
    const target = `http://127.0.0.1:${port}/${name}${match?.[2] ?? ''}${url.search}`
    const headers = new Headers()
    for (const [key, value] of c.req.raw.headers) if (!HOP_BY_HOP.has(key)) headers.append(key, value)
    headers.set('x-forwarded-host', url.host)
    headers.set('x-forwarded-proto', url.protocol.replace(':', ''))
    // The client's address as the edge reports it to functions, in the one header the database trusts.
    const address = trustedClientAddress(c.req.header(CLIENT_ADDRESS_HEADER), peerOf(c), config.behindProxy)
    headers.delete(CLIENT_ADDRESS_HEADER)
    if (address !== undefined) headers.set(CLIENT_ADDRESS_HEADER, address)
    let response: Response
    try {
      const body = c.req.method === 'GET' ? undefined : c.req.raw.body
      response = await fetch(target, {
        method: c.req.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        ...(body ? { duplex: 'half' } : {}),
      } as RequestInit)
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        return platformError(c, 504, 'IDLE_TIMEOUT', 'Function did not respond in time')
      }
      // The process died with the request in flight (a crash, or it exited): as Supabase reports a
      // worker that fell over. Its next request starts it again.
      return platformError(c, 500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)')
    }
    const out = new Headers(response.headers)
    // fetch has already decoded the body.
    out.delete('content-encoding')
    out.delete('content-length')
    out.delete('transfer-encoding')
    return new Response(response.body, { status: response.status, headers: out })
  })
  return app
}
