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
