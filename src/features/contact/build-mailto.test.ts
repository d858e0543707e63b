import { expect, it } from 'vitest'
import { buildMailto } from './build-mailto'

it('the mail link carries the listing name as subject and the message as body, encoded (spec §2)', () => {
  const href = buildMailto('alice@example.com', 'Flat & garden #2', 'Hello?\nIs it free = now')
  expect(href).toBe(
    'mailto:alice@example.com?subject=Flat%20%26%20garden%20%232&body=Hello%3F%0AIs%20it%20free%20%3D%20now',
  )
  const url = new URL(href)
  expect(url.searchParams.get('subject')).toBe('Flat & garden #2')
  expect(url.searchParams.get('body')).toBe('Hello?\nIs it free = now')
})

it('leaves the body out until there is a message', () => {
  expect(buildMailto('ben@example.com', 'Studio', '')).toBe('mailto:ben@example.com?subject=Studio')
})

it('encodes the address, so it cannot add a Bcc or other headers to the mail', () => {
  const href = buildMailto('me@evil.example?bcc=spy%40evil.example&x=', 'Studio', 'Hi')
  expect(href).toBe('mailto:me@evil.example%3Fbcc%3Dspy%2540evil.example%26x%3D?subject=Studio&body=Hi')
  const url = new URL(href)
  expect([...url.searchParams.keys()]).toEqual(['subject', 'body'])
  expect(decodeURIComponent(url.pathname)).toBe('me@evil.example?bcc=spy%40evil.example&x=')
})
