import type { Json } from './user-json'

/** Google's profile as GoTrue stores it in identity_data and user_metadata (contract §2.4). */
export function googleIdentityData(input: { subject: string; email: string; name: string }): Json {
  return {
    iss: 'https://www.googleapis.com/userinfo/v2/me',
    sub: input.subject,
    name: input.name,
    email: input.email,
    email_verified: true,
    phone_verified: false,
    full_name: input.name,
    provider_id: input.subject,
  }
}

/** The providers list after linking one more (app_metadata.providers). */
export function withProvider(appMetadata: Json | null, provider: string): Json {
  const current = Array.isArray(appMetadata?.providers) ? (appMetadata.providers as unknown[]) : []
  const providers = current.includes(provider) ? current : [...current, provider]
  return { provider: appMetadata?.provider ?? provider, ...appMetadata, providers }
}
