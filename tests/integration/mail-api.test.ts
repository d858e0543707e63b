import { describe, expect, inject, it } from 'vitest'
import { anonClient, signedInUser } from './support/clients'

const mail = (path: string, init?: RequestInit) => fetch(`${inject('mailUrl')}${path}`, init)

describe('the outbox speaks the Mailpit API', () => {
  it('lists messages with their summary and serves each message in full', async () => {
    const user = await signedInUser('Mail Reader')
    await anonClient().auth.resetPasswordForEmail(user.email)
    const list = await (await mail('/api/v1/messages')).json()
    expect(list.total).toBeGreaterThan(0)
    expect(list.count).toBe(list.messages.length)
    const summary = list.messages.find((m: { To: { Address: string }[] }) => m.To[0]?.Address === user.email)
    expect(summary).toMatchObject({
      From: { Name: 'Roost', Address: expect.any(String) },
      To: [{ Name: '', Address: user.email }],
      Subject: 'Reset your Roost password',
      Created: expect.any(String),
      Snippet: expect.stringContaining('reset the password'),
    })
    const message = await (await mail(`/api/v1/message/${summary.ID}`)).json()
    expect(message).toMatchObject({
      ID: summary.ID,
      Subject: 'Reset your Roost password',
      Date: summary.Created,
    })
    expect(message.Text).toContain('/auth/v1/verify?token=')
    expect(message.HTML).toContain('<a href=')
    const search = await (await mail(`/api/v1/search?query=${encodeURIComponent(`to:${user.email}`)}`)).json()
    expect(search.messages.map((m: { ID: string }) => m.ID)).toEqual([summary.ID])
  })

  it('answers 404 for an unknown message', async () => {
    expect((await mail('/api/v1/message/00000000-0000-0000-0000-000000000000')).status).toBe(404)
    expect((await mail('/api/v1/message/../../etc')).status).toBe(404)
  })

  it('shows a small HTML page listing the messages and their links', async () => {
    const user = await signedInUser('Html Reader')
    await anonClient().auth.resetPasswordForEmail(user.email)
    const page = await mail('/')
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    const html = await page.text()
    expect(html).toContain('Reset your Roost password')
    expect(html).toContain(user.email)
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=/)
  })

  it('clears the outbox with DELETE /api/v1/messages', async () => {
    await anonClient().auth.resetPasswordForEmail((await signedInUser('Clear Me')).email)
    expect((await mail('/api/v1/messages', { method: 'DELETE' })).status).toBe(200)
    const list = await (await mail('/api/v1/messages')).json()
    expect(list).toMatchObject({ total: 0, count: 0, messages: [] })
  })
})
