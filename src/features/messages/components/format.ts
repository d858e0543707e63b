import { formatPounds } from '../../../utils/format-price'

/** The price the conversation's listing asks, as everywhere else ("£1,250 / month" for rent). */
export function conversationPrice(price: number | null, category: 'rent' | 'sale' | null): string {
  if (price === null) return ''
  return category === 'rent' ? `${formatPounds(price)} / month` : formatPounds(price)
}

/** When a message was written: the time today, else the day and time. */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const at = new Date(iso)
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
  if (at.toDateString() === now.toDateString()) return time
  return `${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}, ${time}`
}

/** The other side of a conversation as the app names them: `Deleted user` once their account is gone. */
export function otherPartyName(
  other: { other_id: string | null; other_name: string | null },
  fallback: string,
): string {
  if (other.other_id === null) return 'Deleted user'
  return other.other_name || fallback
}
