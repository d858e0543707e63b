const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
]

const ENABLED = new Set(['email', 'google'])

/** GET /settings: what this Auth service offers (GoTrue's settings.go shape). */
export function settings(options: { anonymousSignIns: boolean }) {
  const enabled = (name: string) =>
    ENABLED.has(name) || (name === 'anonymous_users' && options.anonymousSignIns)
  return {
    external: Object.fromEntries(PROVIDERS.map((name) => [name, enabled(name)])),
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  }
}
