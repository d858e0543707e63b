// verify_jwt = false in config.toml; written in the `export default { fetch }` form Supabase also runs.
export default {
  fetch(request: Request): Response {
    return Response.json({ open: true, authorization: request.headers.get('authorization') })
  },
}
