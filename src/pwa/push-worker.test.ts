import { describe, expect, it } from 'vitest'
import { appUrl, FALLBACK_URL, readPushMessage } from './push-worker'

const origin = 'https://roost.example'
const data = (value: unknown) => ({ json: () => (typeof value === 'string' ? JSON.parse(value) : value) })

describe('a push message', () => {
  it('is shown as the sender wrote it, opening its address on this origin', () => {
    const message = readPushMessage(
      data({
        title: '2 new homes · Rent · Hackney · 2+ beds',
        body: 'Garden flat by the park',
        url: '/search?q=Hackney&from=6f1c2a34-9c1b-4d1e-8a55-0a1b2c3d4e5f',
        tag: 'saved-search-6f1c2a34-9c1b-4d1e-8a55-0a1b2c3d4e5f',
      }),
      origin,
    )
    expect(message).toEqual({
      title: '2 new homes · Rent · Hackney · 2+ beds',
      body: 'Garden flat by the park',
      url: `${origin}/search?q=Hackney&from=6f1c2a34-9c1b-4d1e-8a55-0a1b2c3d4e5f`,
      tag: 'saved-search-6f1c2a34-9c1b-4d1e-8a55-0a1b2c3d4e5f',
    })
  })

  it('without a payload, or with one that is not JSON, is a plain message opening the saved searches', () => {
    const plain = {
      title: 'New homes on Roost',
      body: '',
      url: `${origin}${FALLBACK_URL}`,
      tag: 'roost-alert',
    }
    expect(readPushMessage(null, origin)).toEqual(plain)
    expect(readPushMessage(data('"just text"'), origin)).toEqual(plain)
    expect(
      readPushMessage(
        {
          json: () => {
            throw new SyntaxError('not JSON')
          },
        },
        origin,
      ),
    ).toEqual(plain)
  })

  it('never opens another site', () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      '/\\evil.example',
      42,
    ])
      expect(appUrl(url, origin)).toBe(`${origin}${FALLBACK_URL}`)
    expect(appUrl('/search?type=rent', origin)).toBe(`${origin}/search?type=rent`)
  })
})
