/**
 * Whether the signed-in person's session says they are a moderator (Auth's `app_metadata.roles`). It only
 * chooses which screen to show: Postgres checks the role again on every moderation call.
 */
export function hasModeratorRole(appMetadata: Record<string, unknown> | undefined): boolean {
  const roles = appMetadata?.roles
  return Array.isArray(roles) && roles.includes('moderator')
}
