import type { AuthError } from '../../core/auth/errors'

/** A concurrent request that took the email first trips the unique index: answer as if we had seen it. */
export async function uniqueEmail<T>(work: Promise<T>, taken: () => AuthError): Promise<T> {
  try {
    return await work
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw taken()
    throw error
  }
}
