/** An error the Auth service answers with `{ code, message }` (contract §2.3). */
export class AuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 422 | 429 | 500,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const authErrors = {
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  badJson: (message: string) =>
    new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${message}`),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  unsupportedGrant: () => new AuthError(400, 'invalid_credentials', 'unsupported_grant_type'),
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, 'weak_password', message, { weak_password: { reasons } }),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  samePassword: () =>
    new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  refreshSessionNotFound: () =>
    new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Expired'),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  sessionNotFound: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  flowStateNotFound: () =>
    new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  flowStateExpired: () =>
    new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired'),
  badCodeVerifier: () =>
    new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  overRequestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  overEmailSendRateLimit: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  userBanned: () => new AuthError(403, 'user_banned', 'User is banned'),
  signInBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  refreshBanned: () => new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  adminUserNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  adminUserIdInvalid: () => new AuthError(404, 'validation_failed', 'user_id must be an UUID'),
  emailNotFound: () => new AuthError(404, 'user_not_found', 'User with this email not found'),
  otpDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  phoneDisabled: () => new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider'),
  emailNotConfirmedForReauthentication: () =>
    new AuthError(422, 'email_not_confirmed', 'Please verify your email first.'),
  reauthenticationNeeded: () =>
    new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  reauthenticationNotValid: () =>
    new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid'),
  anonymousDisabled: () =>
    new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  manualLinkingDisabled: () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  identityNotFound: () => new AuthError(422, 'identity_not_found', "Identity doesn't exist"),
  identityIdInvalid: () => new AuthError(404, 'validation_failed', 'identity_id must be an UUID'),
  singleIdentityNotDeletable: () =>
    new AuthError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking'),
  databaseFailure: (message: string) => new AuthError(500, 'unexpected_failure', message),
  providerDisabled: () =>
    new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled'),
}
