/** The API when VITE_SUPABASE_URL is unset: the local stack on its default port (read by the app and the build). */
export const DEFAULT_SUPABASE_URL = 'http://127.0.0.1:54321'
