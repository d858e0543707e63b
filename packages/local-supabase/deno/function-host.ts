// Runs one Supabase Edge Function in this Deno process, as Supabase's edge runtime does for a worker:
// the function's module calls `Deno.serve(handler)` (or exports `default { fetch }`); the host takes that
// handler and serves it on a free loopback port, which it announces on stdout for the local stack to
// proxy `/functions/v1/<name>` to. Run by packages/local-supabase/src/functions/runtime.ts, never by hand.
//
// Usage: deno run <permissions> function-host.ts <path of the function's index.ts>

import { pathToFileURL } from 'node:url'

/** The line the stack waits for; the port follows it. */
const READY = 'roost-function-host listening on 127.0.0.1:'

type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>

const entry = Deno.args[0]
if (!entry) {
  console.error('function-host: the function entry point is missing')
  Deno.exit(64)
}
// The stack holds this process's stdin open; end with it, so a stack that dies leaves no function behind.
void (async () => {
  const reader = Deno.stdin.readable.getReader()
  while (!(await reader.read()).done) {
    // nothing is sent; only the end matters
  }
  Deno.exit(0)
})()

function handlerOf(args: unknown[]): Handler | undefined {
  for (const arg of args) {
    if (typeof arg === 'function') return arg as Handler
    const handler = (arg as { handler?: unknown } | null)?.handler
    if (typeof handler === 'function') return handler as Handler
  }
  return undefined
}

// The function's Deno.serve call hands its handler to the host instead of listening itself (the port and
// address are the platform's, as on Supabase).
const realServe = Deno.serve
let captured: Handler | undefined
const standIn = {
  finished: new Promise<void>(() => {}),
  addr: { transport: 'tcp', hostname: '0.0.0.0', port: 8000 },
  shutdown: () => Promise.resolve(),
  ref() {},
  unref() {},
  [Symbol.asyncDispose]: () => Promise.resolve(),
}
Object.defineProperty(Deno, 'serve', {
  configurable: true,
  writable: true,
  value: (...args: unknown[]) => {
    captured = handlerOf(args)
    return standIn
  },
})

const mod = (await import(pathToFileURL(entry).href)) as { default?: { fetch?: Handler } }
const fetchExport = mod.default?.fetch
const handler: Handler | undefined =
  captured ?? (typeof fetchExport === 'function' ? fetchExport.bind(mod.default) : undefined)
if (!handler) {
  console.error(`function-host: ${entry} neither calls Deno.serve nor exports default { fetch }`)
  Deno.exit(70)
}

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`${READY}${port}`),
    // An uncaught exception in the handler: Supabase answers 500 WORKER_ERROR and logs the error.
    onError: (error) => {
      console.error(error)
      return Response.json(
        { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
        { status: 500, headers: { 'sb-error-code': 'WORKER_ERROR' } },
      )
    },
  },
  handler,
)
