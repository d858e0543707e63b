import type { Context } from 'hono'
import type { z } from 'zod'
import { storageErrors } from '../../core/storage/storage-error'

/** The JSON body parsed with `schema`; InvalidRequest ("400") for anything else. */
export async function requestJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw storageErrors.invalidRequest('The request body must be JSON')
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw storageErrors.invalidRequest(
      `body/${issue?.path.join('/') ?? ''} ${issue?.message ?? 'is invalid'}`,
    )
  }
  return parsed.data
}
