/**
 * Where supabase-js keeps the session in localStorage: its default key for a project URL. Self-contained, as
 * index.html's inline script declares it by its source (earlyRequestScript).
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`
}
