/**
 * Where supabase-js keeps the session in localStorage: its default key for a project URL. Both functions here
 * are self-contained, as index.html's inline script declares them by their source (build/first-screen/inline-script.ts).
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`
}

/** Whether supabase-js has stored a session in this browser (it may have expired; unreadable storage: none). */
export function holdsSession(supabaseUrl: string, win: Pick<Window, 'localStorage'>): boolean {
  try {
    return win.localStorage.getItem(authStorageKey(supabaseUrl)) !== null
  } catch {
    return false
  }
}
