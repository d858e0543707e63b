/**
 * When a home was added, in the viewer's calendar: "Added today", "Added yesterday", "Added on 3 Nov",
 * or "Added on 3 Nov 2025" when not this year. A time ahead of the device's clock counts as today.
 * Self-contained (index.html's inline script runs its source to draw the first cards: src/first-screen/early-cards.ts).
 */
export function formatAdded(createdAt: string, now: Date = new Date()): string {
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
  const dayStart = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
  const added = new Date(createdAt)
  if (Number.isNaN(added.getTime())) return ''
  const days = Math.round((dayStart(now) - dayStart(added)) / 86_400_000)
  if (days <= 0) return 'Added today'
  if (days === 1) return 'Added yesterday'
  const date = `${added.getDate()} ${MONTHS[added.getMonth()]}`
  return added.getFullYear() === now.getFullYear()
    ? `Added on ${date}`
    : `Added on ${date} ${added.getFullYear()}`
}
