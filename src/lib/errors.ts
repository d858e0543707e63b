/** One shape for every failure the app shows or branches on, whatever SDK raised it. */
export class AppError extends Error {
  readonly code: string | undefined
  readonly status: number | undefined

  constructor(
    message: string,
    options: { code?: string | undefined; status?: number | undefined; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.name = 'AppError'
    this.code = options.code
    this.status = options.status
  }
}

type ErrorLike = { message?: unknown; code?: unknown; status?: unknown; statusCode?: unknown }

const asString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
const asStatus = (value: unknown) => {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined
}

/**
 * Normalises a PostgrestError ({ message, code, details, hint }), an AuthError ({ message, status, code }),
 * a StorageError ({ message, statusCode }) or anything thrown into an AppError.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (typeof error === 'object' && error !== null) {
    const e = error as ErrorLike
    return new AppError(asString(e.message) ?? 'Something went wrong', {
      code: asString(e.code),
      status: asStatus(e.status) ?? asStatus(e.statusCode),
      cause: error,
    })
  }
  return new AppError(typeof error === 'string' && error !== '' ? error : 'Something went wrong', {
    cause: error,
  })
}

/** True when the request never reached the server (offline, no answer in time, DNS, CORS): worth a retry later. */
export function isNetworkError(error: unknown): boolean {
  const e = toAppError(error)
  return (
    e.cause instanceof TypeError ||
    (e.cause instanceof DOMException && e.cause.name === 'AbortError') ||
    /failed to fetch|network|load failed/i.test(e.message)
  )
}

/** What a screen's read gives when the server could not be reached and the device holds no copy. */
export type Unreachable = { unreachable: true }

export const isUnreachable = (value: unknown): value is Unreachable =>
  typeof value === 'object' && value !== null && 'unreachable' in value

/** The read's answer, or Unreachable when it failed for want of a connection (other failures still throw). */
export async function unlessUnreachable<T>(read: Promise<T>): Promise<T | Unreachable> {
  try {
    return await read
  } catch (error) {
    if (isNetworkError(error)) return { unreachable: true }
    throw error
  }
}
