import type { Context } from 'hono'
import { isValidEmail, normalizeEmail } from '../../core/auth/email'
import { authErrors } from '../../core/auth/errors'
import { parseGoDuration } from '../../core/auth/go-duration'
import { hashPassword, isArgon2Hash, isBcryptHash } from '../../core/auth/passwords'
import { deleteSessions } from '../../core/auth/store/session-store'
import type { Sql } from '../../core/auth/store/sql'
import {
  changeEmail,
  confirmEmail,
  createUser,
  deleteUser,
  findUserByEmail,
  findUserById,
  identitiesOf,
  identitiesOfUsers,
  listUsers,
  setAppMetadata,
  setBannedUntil,
  setPassword,
  setRole,
  setUserMetadata,
  softDeleteUser,
} from '../../core/auth/store/user-store'
import { type Json, mergeMetadata, userJson } from '../../core/auth/user-json'
import { bearerClaims } from './authenticate'
import type { AuthContext } from './context'
import { assertPasswordAllowed } from './password-rules'
import { objectField, readBody, stringField } from './respond'
import { uniqueEmail } from './unique-email'

/** The roles GoTrue's admin API serves (`GOTRUE_JWT_ADMIN_ROLES`); every other token gets 403 not_admin. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DEFAULT_PER_PAGE = 50
/** The most users one page holds: GoTrue has no cap; this keeps one request from reading every user. */
const MAX_PER_PAGE = 1000

/** Refuses any caller whose bearer token is not the service role's. */
export async function requireAdmin(c: Context, ctx: AuthContext): Promise<void> {
  const claims = await bearerClaims(c, ctx)
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw authErrors.notAdmin()
}

export async function userJsonOf(sql: Sql, userId: string): Promise<Json> {
  const user = await findUserById(sql, userId)
  if (!user) throw authErrors.adminUserNotFound()
  return userJson(user, await identitiesOf(sql, userId))
}

function pageParam(c: Context, name: string, fallback: number): number {
  const raw = c.req.query(name)
  if (raw === undefined || raw === '') return fallback
  if (!/^\d{1,15}$/.test(raw)) {
    throw authErrors.validation(
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`,
    )
  }
  return Number(raw)
}

/**
 * GoTrue's pagination headers: `X-Total-Count`, and `Link` with the next page (when there is one) and
 * the last, as URLs of the admin route with the query sorted as Go encodes it.
 */
function paginationHeaders(c: Context, page: number, perPage: number, total: number): Record<string, string> {
  const totalPages = Math.ceil(total / perPage)
  const query = new URLSearchParams(new URL(c.req.url).searchParams)
  const link = (p: number) => {
    query.set('page', String(p))
    query.set('per_page', String(perPage))
    query.sort()
    return `</admin/users?${query}>`
  }
  const parts = totalPages > page ? [`${link(page + 1)}; rel="next"`] : []
  parts.push(`${link(totalPages)}; rel="last"`)
  return { Link: parts.join(', '), 'X-Total-Count': String(total) }
}

/** GET /admin/users?page=&per_page=: the users, newest first, with GoTrue's pagination headers. */
export async function adminListUsers(c: Context, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const page = Math.max(1, pageParam(c, 'page', 1))
  const perPage = Math.min(MAX_PER_PAGE, pageParam(c, 'per_page', DEFAULT_PER_PAGE) || DEFAULT_PER_PAGE)
  const sql = ctx.deps.db.auth.pool
  const { users, total } = await listUsers(sql, page, perPage)
  const identities = await identitiesOfUsers(
    sql,
    users.map((user) => user.id),
  )
  return c.json(
    { users: users.map((user) => userJson(user, identities.get(user.id) ?? [])), aud: 'authenticated' },
    200,
    paginationHeaders(c, page, perPage, total),
  )
}

function userIdParam(c: Context): string {
  const id = c.req.param('id') ?? ''
  if (!UUID.test(id)) throw authErrors.adminUserIdInvalid()
  return id
}

/** GET /admin/users/<id> */
export async function adminGetUser(c: Context, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx)
  return c.json(await userJsonOf(ctx.deps.db.auth.pool, userIdParam(c)))
}

/** `ban_duration`: `none` lifts a ban; otherwise a Go duration from now. Undefined when absent. */
function banUntil(body: Record<string, unknown>): Date | null | undefined {
  const text = stringField(body, 'ban_duration')
  if (text === undefined || text === '') return undefined
  if (text === 'none') return null
  const ms = parseGoDuration(text)
  if (ms === undefined) {
    throw authErrors.validation(`invalid format for ban duration: time: invalid duration "${text}"`)
  }
  return ms === 0 ? null : new Date(Date.now() + ms)
}

function booleanField(body: Record<string, unknown>, name: string): boolean {
  const value = body[name]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') throw authErrors.validation(`${name} must be a boolean`)
  return value
}

function emailField(body: Record<string, unknown>): string | undefined {
  const raw = stringField(body, 'email')
  if (raw === undefined || raw === '') return undefined
  const email = normalizeEmail(raw)
  if (!isValidEmail(email)) throw authErrors.validation('Unable to validate email address: invalid format')
  return email
}

function refusePhone(body: Record<string, unknown>): void {
  if (stringField(body, 'phone'))
    throw authErrors.validation('Phone users are not supported by this Auth service')
}

async function newPasswordHash(body: Record<string, unknown>): Promise<string | undefined> {
  const password = stringField(body, 'password')
  const passwordHash = stringField(body, 'password_hash')
  if (password !== undefined && passwordHash !== undefined) {
    throw authErrors.validation('Only a password or a password hash should be provided')
  }
  if (passwordHash !== undefined) {
    if (!isBcryptHash(passwordHash) && !isArgon2Hash(passwordHash)) {
      throw authErrors.validation('Invalid password hash format')
    }
    return passwordHash
  }
  if (password === undefined || password === '') return undefined
  assertPasswordAllowed(password)
  return hashPassword(password)
}

/** Confirms the email as GoTrue's User.Confirm: `email_verified: true` joins the metadata. */
async function confirmForAdmin(sql: Sql, userId: string): Promise<void> {
  await confirmEmail(sql, userId)
  const user = await findUserById(sql, userId)
  await setUserMetadata(sql, userId, { ...(user?.raw_user_meta_data ?? {}), email_verified: true })
}

/**
 * POST /admin/users: creates a user in GoTrue's order (the insert trigger sees `user_metadata`), with an
 * email identity, the role, `app_metadata` merged over the provider fields, and, when asked, the email
 * confirmed and a ban. No email is sent.
 */
export async function adminCreateUser(c: Context, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const body = await readBody(c)
  refusePhone(body)
  const email = emailField(body)
  if (!email) throw authErrors.validation('Cannot create a user without either an email or phone')
  const userMetadata = objectField(body, 'user_metadata') ?? {}
  const appMetadata = objectField(body, 'app_metadata')
  const emailConfirm = booleanField(body, 'email_confirm')
  const role = stringField(body, 'role')
  const customId = stringField(body, 'id')
  if (customId !== undefined && !UUID.test(customId)) {
    throw authErrors.validation('ID must conform to the uuid v4 format')
  }
  if (customId === '00000000-0000-0000-0000-000000000000')
    throw authErrors.validation('ID cannot be a nil uuid')
  const ban = banUntil(body)
  const passwordHash = (await newPasswordHash(body)) ?? ''

  const user = await uniqueEmail(
    ctx.deps.db.auth.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw authErrors.emailExists()
      if (customId && (await findUserById(tx, customId))) throw authErrors.userAlreadyExists()
      const id = await createUser(tx, {
        ...(customId ? { id: customId } : {}),
        email,
        passwordHash,
        rawData: userMetadata,
        provider: 'email',
        providerId: (userId) => userId,
        identityData: (userId) => ({ sub: userId, email, email_verified: false, phone_verified: false }),
        confirm: false,
        keepRawData: true,
      })
      if (role) await setRole(tx, id, role)
      if (appMetadata) {
        await setAppMetadata(tx, id, mergeMetadata({ provider: 'email', providers: ['email'] }, appMetadata))
      }
      if (emailConfirm) await confirmForAdmin(tx, id)
      if (ban !== undefined) await setBannedUntil(tx, id, ban)
      return userJsonOf(tx, id)
    }),
    authErrors.emailExists,
  )
  return c.json(user)
}

/**
 * PUT /admin/users/<id>: role, email (applied at once; `email_confirm` confirms it), password (every
 * session ends, as GoTrue's UpdatePassword), `app_metadata` and `user_metadata` merged (null deletes a
 * key), `ban_duration`.
 */
export async function adminUpdateUser(c: Context, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const userId = userIdParam(c)
  const body = await readBody(c)
  refusePhone(body)
  const email = emailField(body)
  const userMetadata = objectField(body, 'user_metadata')
  const appMetadata = objectField(body, 'app_metadata')
  const emailConfirm = booleanField(body, 'email_confirm')
  const role = stringField(body, 'role')
  const ban = banUntil(body)
  const passwordHash = await newPasswordHash(body)

  const user = await uniqueEmail(
    ctx.deps.db.auth.transaction(async (tx) => {
      const current = await findUserById(tx, userId, true)
      if (!current) throw authErrors.adminUserNotFound()
      if (role) await setRole(tx, userId, role)
      if (emailConfirm) await confirmForAdmin(tx, userId)
      if (passwordHash !== undefined) {
        await setPassword(tx, userId, passwordHash)
        await deleteSessions(tx, userId, undefined, 'global')
      }
      if (email !== undefined && email !== current.email) {
        const owner = await findUserByEmail(tx, email)
        if (owner && owner.id !== userId) throw authErrors.emailExists()
        await changeEmail(tx, userId, email, emailConfirm)
      }
      if (appMetadata) {
        const now = await findUserById(tx, userId)
        await setAppMetadata(tx, userId, mergeMetadata(now?.raw_app_meta_data ?? {}, appMetadata))
      }
      if (userMetadata) {
        const now = await findUserById(tx, userId)
        await setUserMetadata(tx, userId, mergeMetadata(now?.raw_user_meta_data ?? {}, userMetadata))
      }
      if (ban !== undefined) await setBannedUntil(tx, userId, ban)
      return userJsonOf(tx, userId)
    }),
    authErrors.emailExists,
  )
  return c.json(user)
}

/**
 * DELETE /admin/users/<id> {should_soft_delete}: a hard delete removes the user with its identities and
 * sessions; a soft delete keeps an anonymised row (GoTrue's SoftDeleteUser). Either way every session
 * ends, so the user's access tokens stop working at once everywhere the stack checks sessions.
 */
export async function adminDeleteUser(c: Context, ctx: AuthContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const userId = userIdParam(c)
  const body = await readBody(c)
  const soft = booleanField(body, 'should_soft_delete')
  await ctx.deps.db.auth.transaction(async (tx) => {
    const user = await findUserById(tx, userId, true)
    if (!user) throw authErrors.adminUserNotFound()
    if (soft) {
      if (!user.deleted_at) await softDeleteUser(tx, userId)
      return
    }
    await deleteUser(tx, userId).catch((error: { code?: string }) => {
      // A row elsewhere that references the user without ON DELETE CASCADE keeps it, as on hosted.
      if (error.code === '23503') throw authErrors.databaseFailure('Database error deleting user')
      throw error
    })
  })
  return c.json({})
}
