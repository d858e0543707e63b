import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { chooserExpiredPage, chooserPage } from '../../core/auth/chooser-page'
import { isValidEmail, normalizeEmail } from '../../core/auth/email'
import { AuthError, authErrors } from '../../core/auth/errors'
import { readPkceParams } from '../../core/auth/pkce'
import { resolveRedirect, withFragment, withQuery } from '../../core/auth/redirect'
import { createFlowState, issueAuthCode } from '../../core/auth/store/flow-store'
import { linkGoogleAccount, signInWithGoogleAccount } from '../../core/auth/store/google-account'
import { deleteIdentity, identitiesOf } from '../../core/auth/store/user-store'
import { signJwt, verifyJwt } from '../../core/jwt'
import { authenticate } from './authenticate'
import { type AuthContext, CHOOSER_STATE_TTL_SECONDS, clientOf } from './context'
import { signIn } from './issue-session'

/** The chooser's state travels signed, as GoTrue's OAuth state does; it lasts as long as a PKCE flow. */
const STATE_TTL_SECONDS = CHOOSER_STATE_TTL_SECONDS
const STATE_PURPOSE = 'local-google-chooser'

type ChooserState = { redirectTo: string; flowStateId: string | undefined; linkUserId: string | undefined }

/**
 * GET /authorize?provider=google: Google cannot be reached locally, so this 302s to the local account
 * chooser, carrying redirect_to and, for PKCE, the flow waiting for its code.
 */
export async function authorize(c: Context, ctx: AuthContext): Promise<Response> {
  return startChooser(c, ctx, undefined)
}

/**
 * GET /user/identities/authorize?provider=google (`linkIdentity`): the same chooser, whose account is
 * then linked to the signed-in caller. Needs manual linking on (`manual_linking_disabled` otherwise).
 */
export async function linkIdentity(c: Context, ctx: AuthContext): Promise<Response> {
  if (!ctx.deps.config.authManualLinking) throw authErrors.manualLinkingDisabled()
  const { userId } = await authenticate(c, ctx, ctx.deps.db.auth.pool)
  return startChooser(c, ctx, userId)
}

/** DELETE /user/identities/<identity_id> (`unlinkIdentity`): the caller keeps at least one identity. */
export async function unlinkIdentity(c: Context, ctx: AuthContext): Promise<Response> {
  if (!ctx.deps.config.authManualLinking) throw authErrors.manualLinkingDisabled()
  const identityId = c.req.param('id') ?? ''
  await ctx.deps.db.auth.transaction(async (tx) => {
    const { userId } = await authenticate(c, ctx, tx)
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(identityId)) {
      throw authErrors.identityIdInvalid()
    }
    const identities = await identitiesOf(tx, userId)
    if (identities.length <= 1) throw authErrors.singleIdentityNotDeletable()
    if (!identities.some((identity) => identity.id === identityId)) throw authErrors.identityNotFound()
    await deleteIdentity(tx, userId, identityId)
  })
  return c.json({})
}

async function startChooser(c: Context, ctx: AuthContext, linkUserId: string | undefined): Promise<Response> {
  if (c.req.query('provider') !== 'google') throw authErrors.providerDisabled()
  const pkce = readPkceParams(c.req.query('code_challenge'), c.req.query('code_challenge_method'))
  if (pkce.kind === 'invalid') throw authErrors.validation(pkce.message)
  const redirectTo = resolveRedirect(c.req.query('redirect_to'), ctx.policy)
  const flow =
    pkce.kind === 'pkce'
      ? await createFlowState(ctx.deps.db.auth.pool, {
          userId: null,
          challenge: pkce.challenge,
          method: pkce.method,
          providerType: 'google',
          authenticationMethod: 'oauth',
        })
      : undefined
  const now = Math.floor(Date.now() / 1000)
  const state = await signJwt(
    {
      purpose: STATE_PURPOSE,
      provider: 'google',
      redirect_to: redirectTo,
      flow_state_id: flow?.id,
      link_user_id: linkUserId,
      jti: randomUUID(),
      iat: now,
      exp: now + STATE_TTL_SECONDS,
    },
    ctx.deps.config.jwtSecret,
  )
  const chooser = `${ctx.authUrl}/chooser?${new URLSearchParams({ state })}`
  // supabase-js's skipBrowserRedirect asks for the URL as JSON instead of a redirect, as GoTrue answers.
  if (c.req.query('skip_http_redirect') === 'true') return c.json({ url: chooser })
  return c.redirect(chooser, 302)
}

async function readState(ctx: AuthContext, state: string): Promise<ChooserState | undefined> {
  if (!state) return undefined
  const verified = await verifyJwt(state, ctx.deps.config.jwtSecret)
  if (!verified.ok || verified.claims.purpose !== STATE_PURPOSE) return undefined
  const { redirect_to: redirectTo, flow_state_id: flowStateId, link_user_id: linkUserId } = verified.claims
  if (typeof redirectTo !== 'string') return undefined
  return {
    redirectTo,
    flowStateId: typeof flowStateId === 'string' ? flowStateId : undefined,
    linkUserId: typeof linkUserId === 'string' ? linkUserId : undefined,
  }
}

const expired = (c: Context) => c.html(chooserExpiredPage(), 400)

/** GET /chooser: the account chooser page. */
export async function showChooser(c: Context, ctx: AuthContext): Promise<Response> {
  const state = c.req.query('state') ?? ''
  if (!(await readState(ctx, state))) return expired(c)
  return c.html(chooserPage({ state }))
}

/** POST /chooser: signs the chosen account in as Google would, then 302s back to the app. */
export async function submitChooser(c: Context, ctx: AuthContext): Promise<Response> {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
  const stateToken = field('state')
  const state = await readState(ctx, stateToken)
  if (!state) return expired(c)
  const email = normalizeEmail(field('email'))
  const name = field('name').trim()
  const again = (error: string) => c.html(chooserPage({ state: stateToken, email, name, error }), 400)
  if (!isValidEmail(email)) return again('Enter a valid email address.')
  if (!name) return again('Enter your name.')
  if (name.length > 255 || name.includes('\u0000')) return again('Enter your name.')
  // A state signs in once: a replayed form (or its URL) finds it used.
  if (!ctx.usedStates.hit(stateToken)) return expired(c)

  const linking = state.linkUserId
  const target = await ctx.deps.db.auth.transaction(async (tx) => {
    let userId: string
    if (linking) {
      const refused = await linkGoogleAccount(tx, linking, email, name).then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof AuthError) return error
          throw error
        },
      )
      if (refused) return refusedLink(state, refused)
      userId = linking
    } else {
      userId = await signInWithGoogleAccount(tx, email, name)
    }
    if (state.flowStateId) {
      const code = await issueAuthCode(tx, state.flowStateId, userId)
      return code ? withQuery(state.redirectTo, { code }) : undefined
    }
    const session = await signIn(tx, ctx, userId, 'oauth', clientOf(c, ctx))
    return withFragment(state.redirectTo, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
    })
  })
  if (!target) return expired(c)
  return c.redirect(target, 302)
}

/** Back to the app with the error GoTrue's callback gives when linking is refused. */
function refusedLink(state: ChooserState, error: AuthError): string {
  const params = {
    error: 'invalid_request',
    error_code: error.code,
    error_description: error.message,
    sb: '',
  }
  const base = state.flowStateId ? withQuery(state.redirectTo, params) : state.redirectTo
  return withFragment(base, params)
}

/** GET /chooser/cancel: back to the app with the error a refused Google consent gives. */
export async function cancelChooser(c: Context, ctx: AuthContext): Promise<Response> {
  const stateToken = c.req.query('state') ?? ''
  const state = await readState(ctx, stateToken)
  if (!state || !ctx.usedStates.hit(stateToken)) return expired(c)
  const error = { error: 'access_denied', error_description: 'The user cancelled the sign-in', sb: '' }
  const base = state.flowStateId ? withQuery(state.redirectTo, error) : state.redirectTo
  return c.redirect(withFragment(base, error), 302)
}
