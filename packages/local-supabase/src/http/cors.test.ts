import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { corsMiddleware } from './cors'

const ORIGIN = 'http://localhost:4173'

function app() {
  const routes = new Hono()
  routes.use('*', corsMiddleware)
  routes.get('/rows', (c) => c.body('[{"id":1}]', 200, { 'Content-Type': 'application/json' }))
  // Headers that cannot be changed, as on a response passed through from fetch.
  routes.get('/moved', () => Response.redirect('http://127.0.0.1/elsewhere', 302))
  routes.get('/broken', () => {
    throw new Error('boom')
  })
  routes.onError((_error, c) => c.json({ message: 'An unexpected error occurred' }, 500))
  return routes
}

const readableFrom = (response: Response, origin: string) => {
  expect(response.headers.get('access-control-allow-origin')).toBe(origin)
  expect(response.headers.get('access-control-allow-credentials')).toBe('true')
  expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range')
  expect(response.headers.get('vary')).toContain('Origin')
}

describe('corsMiddleware', () => {
  it("adds the headers to the handler's own answer, body and type untouched", async () => {
    const response = await app().request('/rows', { headers: { Origin: ORIGIN } })
    readableFrom(response, ORIGIN)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.text()).toBe('[{"id":1}]')
  })

  it('answers any caller without an Origin with *', async () => {
    readableFrom(await app().request('/rows'), '*')
  })

  it('copies an answer whose headers cannot be changed, and marks the copy', async () => {
    const response = await app().request('/moved', { headers: { Origin: ORIGIN } })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('http://127.0.0.1/elsewhere')
    readableFrom(response, ORIGIN)
  })

  it('marks the error answer of a handler that threw', async () => {
    const response = await app().request('/broken', { headers: { Origin: ORIGIN } })
    expect(response.status).toBe(500)
    readableFrom(response, ORIGIN)
  })

  it('answers the preflight itself, without calling the handler', async () => {
    const response = await app().request('/rows', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST' },
    })
    expect(response.status).toBe(204)
    readableFrom(response, ORIGIN)
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer')
    expect(response.headers.get('access-control-max-age')).toBe('3600')
    expect(await response.text()).toBe('')
  })
})
