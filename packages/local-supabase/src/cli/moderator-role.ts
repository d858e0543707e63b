/**
 * The moderator role lives in Auth's app_metadata as `roles: ["moderator"]`. Setting it goes through the
 * Auth admin API with the service role key (PUT /auth/v1/admin/users/<id>), the same call hosted Supabase
 * takes (supabase-js `auth.admin.updateUserById(id, { app_metadata: { roles } })`), so the database's
 * trigger audits the change either way.
 */

export type RoleCommand = 'add' | 'remove'

export const MODERATOR_USAGE = 'usage: npm run moderator -- add <email> | remove <email>'

/** The command and email of `npm run moderator -- add|remove <email>`, or null when they are not that. */
export function parseModeratorArgs(args: string[]): { command: RoleCommand; email: string } | null {
  const [command, email, ...rest] = args
  if ((command !== 'add' && command !== 'remove') || !email || rest.length > 0) return null
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return null
  return { command, email: email.toLowerCase() }
}

/** The account's roles after the command, other roles kept, no role twice. */
export function rolesAfter(current: unknown, command: RoleCommand): string[] {
  const roles = Array.isArray(current)
    ? current.filter((role): role is string => typeof role === 'string')
    : []
  const others = roles.filter((role) => role !== 'moderator')
  return command === 'add' ? [...others, 'moderator'] : others
}

type AdminUser = { id: string; email?: string; app_metadata?: { roles?: unknown } }

async function adminFetch(
  apiUrl: string,
  key: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const response = await fetch(`${apiUrl}/auth/v1/admin${path}`, {
    ...init,
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
  })
  if (!response.ok)
    throw new Error(`the Auth admin API answered ${response.status}: ${await response.text()}`)
  return response
}

async function findUser(apiUrl: string, key: string, email: string): Promise<AdminUser | null> {
  for (let page = 1; ; page++) {
    const response = await adminFetch(apiUrl, key, `/users?page=${page}&per_page=500`)
    const { users } = (await response.json()) as { users: AdminUser[] }
    const found = users.find((user) => user.email?.toLowerCase() === email)
    if (found) return found
    if (users.length < 500) return null
  }
}

/** Adds or removes the moderator role of the account with this email; returns its roles after. */
export async function setModeratorRole(options: {
  apiUrl: string
  serviceRoleKey: string
  email: string
  command: RoleCommand
}): Promise<string[]> {
  const { apiUrl, serviceRoleKey, email, command } = options
  const user = await findUser(apiUrl, serviceRoleKey, email)
  if (!user) throw new Error(`No account has the email ${email}`)
  const roles = rolesAfter(user.app_metadata?.roles, command)
  await adminFetch(apiUrl, serviceRoleKey, `/users/${user.id}`, {
    method: 'PUT',
    body: JSON.stringify({ app_metadata: { roles } }),
  })
  return roles
}
