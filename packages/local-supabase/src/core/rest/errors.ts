/** A PostgREST error: the HTTP status and the `{code, details, hint, message}` body supabase-js reads. */
export type RestErrorBody = { code: string; details: string | null; hint: string | null; message: string }

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: RestErrorBody,
    /** Set when the error may come from a stale schema cache, so the caller reloads it and retries once. */
    readonly cacheMiss = false,
  ) {
    super(body.message)
  }
}

function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) {
  return new RestError(status, { code, details, hint, message })
}

export const parseError = (what: string, source: string, details: string | null = null) =>
  restError(400, 'PGRST100', `"failed to parse ${what} (${source})" (line 1, column 1)`, details)

export const invalidBody = (message = 'Empty or invalid json') => restError(400, 'PGRST102', message)

export const unsatisfiableRange = (offset: number, total: number) =>
  restError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
  )

export const invalidSchema = (schema: string, exposed: string[] = ['public']) =>
  restError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  )

export const unacceptableMedia = (accept: string) =>
  restError(406, 'PGRST107', `None of these media types are available: ${accept}`)

export const singularity = (rows: number) =>
  restError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  )

export const unsupportedMethod = (method: string) =>
  restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)

export const noRelationship = (
  table: string,
  embed: string,
  schema = 'public',
  hint: string | null = null,
  suggestion: string | null = null,
) =>
  new RestError(
    400,
    {
      code: 'PGRST200',
      details: `Searched for a foreign key relationship between '${table}' and '${embed}'${hint === null ? '' : ` using the hint '${hint}'`} in the schema '${schema}', but no matches were found.`,
      hint: suggestion,
      message: `Could not find a relationship between '${table}' and '${embed}' in the schema cache`,
    },
    true,
  )

/** One candidate of PGRST201, as PostgREST lists it in `details`. */
export type RelationshipSummary = { cardinality: string; embedding: string; relationship: string }

export const ambiguousRelationship = (
  table: string,
  embed: string,
  candidates: RelationshipSummary[],
  hints: string[],
) =>
  new RestError(300, {
    code: 'PGRST201',
    details: candidates as unknown as string,
    hint: `Try changing '${embed}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
    message: `Could not embed because more than one relationship was found for '${table}' and '${embed}'`,
  })

export const ambiguousFunction = (
  schema: string,
  candidates: { name: string; params: { name: string; type: string }[] }[],
) =>
  new RestError(300, {
    code: 'PGRST203',
    details: null,
    hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    message: `Could not choose the best candidate function between: ${candidates
      .map((fn) => `${schema}.${fn.name}(${fn.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`)
      .join(', ')}`,
  })

export const duplicateEmbed = (alias: string) =>
  restError(400, '42712', `table name "${alias}" specified more than once`)

export const notEmbedded = (resource: string) =>
  restError(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  )

export const relatedOrderNotToOne = (origin: string, target: string) =>
  restError(
    400,
    'PGRST118',
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  )

export const maxAffectedViolation = (rows: number) =>
  restError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${rows} rows`,
  )

export const maxAffectedRpc = () =>
  restError(
    400,
    'PGRST128',
    'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
  )

export const invalidPreferences = (prefs: string[]) =>
  restError(
    400,
    'PGRST122',
    'Invalid preferences given with handling=strict',
    `Invalid preferences: ${prefs.join(', ')}`,
  )

export const aggregatesDisabled = () =>
  restError(400, 'PGRST123', 'Use of aggregate functions is not allowed')

export const functionNotFound = (
  fn: string,
  args: string[],
  suggestion: string | null,
  schema = 'public',
  media: 'json' | 'text' | 'xml' | 'bytea' | null = 'json',
) => {
  const raw = media !== null && media !== 'json'
  const listed = args.length
    ? ` with parameter${args.length > 1 ? 's' : ''} ${args.join(', ')}`
    : ' without parameters'
  const searched =
    media === null
      ? listed
      : raw
        ? ` with a single unnamed ${media} parameter`
        : `${listed} or with a single unnamed json/jsonb parameter`
  return new RestError(
    404,
    {
      code: 'PGRST202',
      details: `Searched for the function ${schema}.${fn}${searched}, but no matches were found in the schema cache.`,
      hint: raw || !suggestion ? null : `Perhaps you meant to call the function ${schema}.${suggestion}`,
      message: `Could not find the function ${schema}.${fn}${raw ? '' : args.length ? `(${args.join(', ')})` : ' without parameters'} in the schema cache`,
    },
    true,
  )
}

export const payloadColumnNotFound = (table: string, column: string) =>
  new RestError(
    400,
    {
      code: 'PGRST204',
      details: null,
      hint: null,
      message: `Could not find the '${column}' column of '${table}' in the schema cache`,
    },
    true,
  )

export const tableNotFound = (table: string, suggestion: string | null, schema = 'public') =>
  new RestError(
    404,
    {
      code: 'PGRST205',
      details: null,
      hint: suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null,
      message: `Could not find the table '${schema}.${table}' in the schema cache`,
    },
    true,
  )

export const undefinedColumn = (table: string, column: string) =>
  new RestError(
    400,
    { code: '42703', details: null, hint: null, message: `column ${table}.${column} does not exist` },
    true,
  )

/** pg-safeupdate's refusal of an UPDATE or DELETE without a WHERE clause. */
export const missingWhere = (command: 'UPDATE' | 'DELETE') =>
  restError(400, '21000', `${command} requires a WHERE clause`)

export const jwtError = (expired: boolean, reason: string) =>
  expired
    ? restError(401, 'PGRST303', 'JWT expired')
    : restError(
        401,
        'PGRST301',
        reason === 'signature is invalid' ? 'JWT cryptographic operation failed' : reason,
      )

/** The HTTP status PostgREST gives a Postgres error (`Error.hs pgErrorStatus`). */
export function pgErrorStatus(sqlState: string, message: string, anonymous: boolean): number {
  if (sqlState === '42501') return anonymous ? 401 : 403
  if (sqlState === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (sqlState === '22023' && /^role .* does not exist$/.test(message)) return 401
  if (/^PT\d\d\d$/.test(sqlState)) return Number(sqlState.slice(2))
  const exact: Record<string, number> = {
    '23505': 409,
    '23503': 409,
    '42P01': 404,
    '42883': 404,
    '42P17': 500,
    '25006': 405,
    P0001: 400,
    '53400': 500,
    '57P01': 503,
  }
  const known = exact[sqlState]
  if (known !== undefined) return known
  const klass = sqlState.slice(0, 2)
  if (klass === '08' || klass === '53') return 503
  if (['0L', '0P', '28'].includes(klass)) return 403
  const serverClasses = [
    '09',
    '25',
    '2D',
    '38',
    '39',
    '3B',
    '40',
    '54',
    '55',
    '57',
    '58',
    'F0',
    'HV',
    'XX',
    'P0',
  ]
  if (serverClasses.includes(klass)) return 500
  return 400
}

type PgLikeError = { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown }

/** Turns a Postgres error into PostgREST's answer: SQLSTATE as code, PG's message, DETAIL and HINT. */
export function fromPgError(error: unknown, anonymous: boolean): RestError | undefined {
  const pgError = error as PgLikeError
  if (typeof pgError?.code !== 'string' || typeof pgError.message !== 'string') return undefined
  const status = pgErrorStatus(pgError.code, pgError.message, anonymous)
  return restError(
    status,
    pgError.code,
    pgError.message,
    typeof pgError.detail === 'string' ? pgError.detail : null,
    typeof pgError.hint === 'string' ? pgError.hint : null,
  )
}
