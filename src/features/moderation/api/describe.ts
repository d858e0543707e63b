/** How the console names each audited action. */
export const ACTION_LABELS: Record<string, string> = {
  'keep-listed': 'Kept listed',
  'take-down': 'Taken down',
  'ask-to-fix': 'Asked to fix',
  appeal: 'Review asked',
  'role-granted': 'Made a moderator',
  'role-removed': 'No longer a moderator',
}

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action

/** An age in words, to the minute: `just now`, `4 min`, `2 h 5 min`, `3 d 1 h`. */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return '—'
  if (seconds < 60) return 'just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ${minutes % 60} min`
  return `${Math.floor(hours / 24)} d ${hours % 24} h`
}

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
