import { describe, expect, it } from 'vitest'
import { icsText, viewingIcs } from './ics'

describe('Add to calendar', () => {
  const ics = viewingIcs(
    {
      id: 'b1',
      startsAt: '2025-12-06T10:20:00Z',
      endsAt: '2025-12-06T10:40:00Z',
      title: 'Viewing: Sunny flat, by the park; 2 beds',
      location: '12 Elm Road, Cambridge',
      url: 'https://roost.example/category/rent/5b1f',
    },
    new Date('2025-12-01T08:00:00Z'),
  )

  it('is one event with the time in UTC, the address and the link, in CRLF lines', () => {
    const lines = ics.split('\r\n')
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines).toContain('DTSTART:20251206T102000Z')
    expect(lines).toContain('DTEND:20251206T104000Z')
    expect(lines).toContain('LOCATION:12 Elm Road\\, Cambridge')
    expect(lines).toContain('URL:https://roost.example/category/rent/5b1f')
    expect(lines).toContain('UID:viewing-b1@roost')
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
  })

  it('escapes text as RFC 5545 asks', () => {
    expect(icsText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne')
    expect(ics).toContain('SUMMARY:Viewing: Sunny flat\\, by the park\\; 2 beds')
  })

  it('folds lines longer than 75 octets', () => {
    const long = viewingIcs({
      id: 'b2',
      startsAt: '2025-12-06T10:20:00Z',
      endsAt: '2025-12-06T10:40:00Z',
      title: 'x'.repeat(200),
      location: 'y',
      url: 'https://roost.example/',
    })
    for (const line of long.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
    expect(long.replace(/\r\n /g, '')).toContain(`SUMMARY:${'x'.repeat(200)}`)
  })
})
