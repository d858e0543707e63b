// Fails on demand: `/crash/exit` ends the process mid-request, `/crash/throw` throws in the handler.
Deno.serve((request) => {
  const { pathname } = new URL(request.url)
  if (pathname === '/crash/exit') Deno.exit(1)
  if (pathname === '/crash/throw') throw new Error('thrown by the crash fixture')
  return Response.json({ pid: Deno.pid })
})
