import { describe, expect, inject, it } from 'vitest'

const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  '',
  'x'.repeat(5000),
  '\u0000',
  '../..',
  'a/../../b',
  '%',
  [],
  ['a', 1],
  {},
  { column: 'drop table' },
]

const ROUTES: { method: string; path: string; fields: string[] }[] = [
  {
    method: 'POST',
    path: '/bucket',
    fields: ['name', 'id', 'public', 'file_size_limit', 'allowed_mime_types'],
  },
  {
    method: 'PUT',
    path: '/bucket/listing-images-missing',
    fields: ['public', 'file_size_limit', 'allowed_mime_types'],
  },
  { method: 'POST', path: '/bucket/..%2F../empty', fields: [] },
  { method: 'DELETE', path: '/bucket/%00', fields: [] },
  { method: 'GET', path: '/bucket?sortColumn=evil&limit=-3', fields: [] },
  {
    method: 'POST',
    path: '/object/move',
    fields: ['bucketId', 'sourceKey', 'destinationKey', 'destinationBucket'],
  },
  {
    method: 'POST',
    path: '/object/copy',
    fields: ['bucketId', 'sourceKey', 'destinationKey', 'metadata', 'copyMetadata'],
  },
  {
    method: 'POST',
    path: '/object/list-v2/listing-images',
    fields: ['prefix', 'limit', 'cursor', 'with_delimiter', 'sortBy'],
  },
  { method: 'POST', path: '/object/upload/sign/listing-images/a/b.png', fields: [] },
  { method: 'PUT', path: '/object/upload/sign/listing-images/a/b.png?token=abc', fields: [] },
  { method: 'POST', path: '/object/sign/listing-images/a/b.png', fields: ['expiresIn', 'transform'] },
  { method: 'GET', path: '/render/image/sign/listing-images/a.png?token=x.y.z', fields: [] },
  { method: 'GET', path: '/render/image/authenticated/listing-images/a.png?width=-1', fields: [] },
]

describe('Storage answers bad input on its new routes with 4xx, never 5xx', () => {
  it('every field of every route, with every odd value, and broken bodies', async () => {
    const failures: string[] = []
    let sent = 0
    for (const key of [inject('serviceRoleKey'), inject('anonKey')]) {
      for (const route of ROUTES) {
        const bodies: string[] = ['', 'null', '[]', '{"name":', '"text"']
        for (const field of route.fields)
          for (const value of ODD_VALUES) bodies.push(JSON.stringify({ [field]: value }))
        for (const body of bodies) {
          const res = await fetch(`${inject('apiUrl')}/storage/v1${route.path}`, {
            method: route.method,
            headers: {
              apikey: inject('anonKey'),
              authorization: `Bearer ${key}`,
              'content-type': 'application/json',
            },
            body: route.method === 'GET' ? undefined : body,
          })
          sent++
          if (res.status >= 500)
            failures.push(`${route.method} ${route.path} ${body.slice(0, 80)} → ${res.status}`)
          await res.body?.cancel()
        }
      }
    }
    expect(sent).toBeGreaterThan(500)
    expect(failures).toEqual([])
  }, 120_000)
})
