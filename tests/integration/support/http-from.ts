import http from 'node:http'

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: () => unknown }

/**
 * An HTTP request sent from a chosen loopback address (127.0.0.x), so a test can be several callers:
 * rate limits count per address.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            json: () => JSON.parse(text),
          }),
        )
      },
    )
    request.on('error', reject)
    request.end(init.body)
  })
}

/**
 * A fetch whose requests leave from `localAddress`, for supabase-js (`global.fetch`): a client that is one
 * caller among several, as the stack sees callers by their connection's address.
 */
export function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const bodyless = request.method === 'GET' || request.method === 'HEAD'
    const answer = await requestFrom(localAddress, request.url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      ...(bodyless ? {} : { body: await request.text() }),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const empty = answer.status === 204 || answer.status === 304 || request.method === 'HEAD'
    return new Response(empty ? null : answer.text, { status: answer.status, headers })
  }
}
