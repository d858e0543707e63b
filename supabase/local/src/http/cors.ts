import { cors } from 'hono/cors'

/** What supabase-js may send, and the response headers it must be able to read cross-origin. */
const ALLOW_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'x-retry-count',
  'traceparent',
  'tracestate',
  'baggage',
]

const EXPOSE_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Content-Length',
  'Date',
  'Location',
  'Range-Unit',
  'ETag',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'x-sb-error-code',
]

export const corsMiddleware = cors({
  origin: (origin) => origin || '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: ALLOW_HEADERS,
  exposeHeaders: EXPOSE_HEADERS,
  credentials: true,
  maxAge: 3600,
})
