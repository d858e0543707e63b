export type Json = Record<string, unknown>

/** An `auth.users` row, as the Auth service reads it. */
export type UserRecord = {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  phone: string | null
  email_confirmed_at: Date | null
  phone_confirmed_at: Date | null
  confirmed_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  email_change: string | null
  email_change_sent_at: Date | null
  invited_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Json | null
  raw_user_meta_data: Json | null
  created_at: Date | null
  updated_at: Date | null
  banned_until: Date | null
  deleted_at: Date | null
  is_anonymous: boolean
}

/** An `auth.identities` row. */
export type IdentityRecord = {
  id: string
  provider_id: string
  user_id: string
  identity_data: Json
  provider: string
  last_sign_in_at: Date | null
  created_at: Date | null
  updated_at: Date | null
  email: string | null
}

const iso = (value: Date | null) => (value ? value.toISOString() : undefined)

/** Drops keys whose value is undefined, as GoTrue's `omitempty` does. */
function compact(object: Record<string, unknown>): Json {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined))
}

/** GoTrue's Identity JSON; note `id` is the provider's id and `identity_id` the row's. */
export function identityJson(identity: IdentityRecord): Json {
  return compact({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  })
}

/** GoTrue's User JSON (GET/PUT /user, and `user` in a session); secrets are never included. */
export function userJson(user: UserRecord, identities: IdentityRecord[]): Json {
  return compact({
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  })
}

export type AmrEntry = { method: string; timestamp: number }

/** The access-token claims GoTrue signs (contract §1.4). */
export function accessTokenClaims(input: {
  user: UserRecord
  sessionId: string
  amr: AmrEntry[]
  issuer: string
  issuedAt: number
  expirySeconds: number
}): Json {
  const { user } = input
  return {
    aud: 'authenticated',
    exp: input.issuedAt + input.expirySeconds,
    iat: input.issuedAt,
    iss: input.issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr: input.amr,
    session_id: input.sessionId,
    is_anonymous: user.is_anonymous,
  }
}

/** Merges `updateUser({ data })` into user metadata: a null value deletes the key. */
export function mergeMetadata(current: Json, patch: Json): Json {
  const merged: Json = { ...current }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}
