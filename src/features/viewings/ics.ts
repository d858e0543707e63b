// An `Add to calendar` file (RFC 5545): one event with the viewing's time, the home's address and its link.

export type CalendarViewing = {
  id: string
  startsAt: string
  endsAt: string
  title: string
  location: string
  url: string
}

/** `20261206T102000Z` */
const stamp = (at: Date | string) =>
  new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** Text escaped as RFC 5545 wants: backslash, semicolon, comma, newline. */
export const icsText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** Lines longer than 75 octets fold onto continuation lines that start with a space. */
function fold(line: string): string {
  const bytes = new TextEncoder()
  if (bytes.encode(line).length <= 75) return line
  const out: string[] = []
  let current = ''
  for (const character of line) {
    if (bytes.encode(current + character).length > (out.length === 0 ? 75 : 74)) {
      out.push(current)
      current = ''
    }
    current += character
  }
  out.push(current)
  return out.join('\r\n ')
}

export function viewingIcs(viewing: CalendarViewing, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Roost//Viewings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:viewing-${viewing.id}@roost`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(viewing.startsAt)}`,
    `DTEND:${stamp(viewing.endsAt)}`,
    `SUMMARY:${icsText(viewing.title)}`,
    `LOCATION:${icsText(viewing.location)}`,
    `DESCRIPTION:${icsText(viewing.url)}`,
    `URL:${viewing.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}
