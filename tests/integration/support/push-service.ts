/**
 * A stand-in Web Push service for tests: what a browser vendor's push service does with a message,
 * checked as strictly as the real ones and readable by the test.
 *
 * It is an HTTPS server on 127.0.0.1 (a push subscription's endpoint is `https:`, and the database
 * refuses anything else) with a test certificate whose CA is {@link PUSH_SERVICE_CA_FILE}: a stack whose
 * functions must reach it runs them with `DENO_CERT` set to that file and `PUSH_ALLOW_LOOPBACK=on`
 * ({@link PUSH_SERVICE_FUNCTION_ENV}). For every POST to a subscription's endpoint it:
 * - verifies VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`, an ES256 JWT signed with
 *   `k`, `aud` the endpoint's origin, `exp` in the future and at most 24 hours ahead, `sub` present;
 * - requires `TTL` and `Content-Encoding: aes128gcm`, and decrypts the body (RFC 8188 + RFC 8291) with the
 *   subscription's private key and auth secret;
 * - records the message and answers 201, or answers what the test told it to for that endpoint.
 * A request that fails a check is answered 400/401/403 and kept in `rejections` with the reason.
 *
 * API:
 * - `startPushService({ port? })` → `PushService` (port 0, the default, picks a free one).
 * - `service.origin` — `https://127.0.0.1:<port>`.
 * - `service.createSubscription()` → `TestSubscription` `{ endpoint, keys: { p256dh, auth } }` (the shape of
 *   the browser's `PushSubscription.toJSON()`): a fresh P-256 key pair and 16-byte auth secret whose
 *   endpoint is on this service.
 * - `service.messages(endpoint?)` → `ReceivedPush[]` accepted so far (all, or one endpoint's), oldest first.
 * - `service.waitForMessages(endpoint, count = 1, timeoutMs = 20_000)` → the endpoint's first `count`
 *   messages once they have arrived (rejects on timeout, naming any rejections).
 * - `service.respondWith(endpoint, status)` — answer `status` (e.g. 404, 410, 500) to that endpoint from
 *   now on without recording a message; `service.respondWith(endpoint, null)` goes back to accepting.
 * - `service.attempts(endpoint)` — how many POSTs reached that endpoint, whatever the answer.
 * - `service.rejections` — `{ endpoint, status, reason }` of requests that failed a check.
 * - `service.reset()` forgets messages, attempts, rejections and forced answers; `service.close()` stops it.
 * - `decryptAes128gcm(body, subscriptionPrivateKey, authSecret)` — the RFC 8291 decryption on its own.
 */
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { decodeProtectedHeader, jwtVerify } from 'jose'

const TLS_DIR = path.join(import.meta.dirname, 'push-service-tls')

/** The CA that issued the service's certificate (for 127.0.0.1 and localhost); trust it to reach it. */
export const PUSH_SERVICE_CA_FILE = path.join(TLS_DIR, 'ca.pem')

/** Function environment that lets a stack's functions deliver to this service (tests only). */
export const PUSH_SERVICE_FUNCTION_ENV: Record<string, string> = {
  PUSH_ALLOW_LOOPBACK: 'on',
  DENO_CERT: PUSH_SERVICE_CA_FILE,
}

export type TestSubscription = {
  endpoint: string
  /** base64url, as `PushSubscription.toJSON()` gives them: the uncompressed P-256 public key, the auth secret. */
  keys: { p256dh: string; auth: string }
}

export type ReceivedPush = {
  endpoint: string
  /** The `TTL` header, in seconds. */
  ttl: number
  /** The `Urgency` header (`very-low`, `low`, `normal`, `high`), if sent. */
  urgency: string | undefined
  /** The `Topic` header, if sent. */
  topic: string | undefined
  /** The VAPID public key (`k`) the message was signed with, base64url. */
  vapidPublicKey: string
  /** The VAPID JWT's `sub` (a `mailto:` or `https:` contact). */
  subject: string
  /** The decrypted payload as text, and parsed when it is JSON (else undefined). */
  text: string
  json: unknown
  receivedAt: Date
}

export type PushRejection = { endpoint: string; status: number; reason: string }

export type PushService = {
  origin: string
  createSubscription(): TestSubscription
  messages(endpoint?: string): ReceivedPush[]
  waitForMessages(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>
  respondWith(endpoint: string, status: number | null): void
  attempts(endpoint: string): number
  rejections: PushRejection[]
  reset(): void
  close(): Promise<void>
}

/** 24 hours, the longest a VAPID JWT may live (RFC 8292 §2), and the clock skew allowed on top. */
const MAX_VAPID_LIFETIME_SECONDS = 24 * 60 * 60
const SKEW_SECONDS = 60

class Rejection extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length))
}

/**
 * Decrypts a Web Push message body: RFC 8188's aes128gcm content coding with the key derived as RFC 8291
 * says from the subscription's ECDH key pair and auth secret. Throws when the body is malformed or
 * does not authenticate.
 */
export function decryptAes128gcm(body: Buffer, subscriptionKey: ECDH, authSecret: Buffer): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header')
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body[20] ?? 0
  const senderPublicKey = body.subarray(21, 21 + idLength)
  if (idLength !== 65 || senderPublicKey[0] !== 0x04) {
    throw new Error('the header keyid is not an uncompressed P-256 public key (RFC 8291 §4)')
  }
  if (recordSize < 18) throw new Error(`record size ${recordSize} is below the minimum of 18`)
  const receiverPublicKey = subscriptionKey.getPublicKey()
  const ecdhSecret = subscriptionKey.computeSecret(senderPublicKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublicKey, senderPublicKey])
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32)
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const baseNonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12)

  const content = body.subarray(21 + idLength)
  if (content.length === 0) throw new Error('no records')
  const plain: Buffer[] = []
  for (let seq = 0, offset = 0; offset < content.length; seq++, offset += recordSize) {
    const record = content.subarray(offset, offset + recordSize)
    const last = offset + recordSize >= content.length
    if (record.length < 17) throw new Error(`record ${seq} is too short`)
    const nonce = Buffer.from(baseNonce)
    // The record's sequence number XORed into the nonce's low bits (records are far fewer than 2^32).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8)
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
    decipher.setAuthTag(record.subarray(record.length - 16))
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
    let end = padded.length - 1
    while (end >= 0 && padded[end] === 0) end--
    const delimiter = padded[end]
    if (delimiter !== (last ? 2 : 1)) throw new Error(`record ${seq} has a wrong padding delimiter`)
    plain.push(padded.subarray(0, end))
  }
  return Buffer.concat(plain)
}

function parseVapid(header: string | undefined): { token: string; key: string } {
  const match = header ? /^vapid\s+(.+)$/i.exec(header.trim()) : null
  if (!match?.[1]) throw new Rejection(401, 'Authorization is not a `vapid t=..., k=...` header')
  const params = new Map<string, string>()
  for (const part of match[1].split(',')) {
    const eq = part.indexOf('=')
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim())
  }
  const token = params.get('t')
  const key = params.get('k')
  if (!token || !key) throw new Rejection(401, 'the vapid header lacks t or k')
  return { token, key }
}

async function verifyVapid(
  header: string | undefined,
  origin: string,
): Promise<{ key: string; subject: string }> {
  const { token, key } = parseVapid(header)
  const raw = Buffer.from(key, 'base64url')
  if (raw.length !== 65 || raw[0] !== 0x04) {
    throw new Rejection(401, 'k is not an uncompressed P-256 public key')
  }
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  let alg: string | undefined
  try {
    alg = decodeProtectedHeader(token).alg
  } catch {
    throw new Rejection(401, 'the VAPID token is malformed')
  }
  if (alg !== 'ES256') throw new Rejection(401, `the VAPID token is signed with ${alg}, not ES256`)
  let claims: Record<string, unknown>
  try {
    const verified = await jwtVerify(token, publicKey, {
      algorithms: ['ES256'],
      audience: origin,
      requiredClaims: ['exp', 'sub', 'aud'],
      clockTolerance: SKEW_SECONDS,
    })
    claims = verified.payload
  } catch (error) {
    throw new Rejection(403, `the VAPID token does not verify: ${(error as Error).message}`)
  }
  const now = Math.floor(Date.now() / 1000)
  const exp = Number(claims.exp)
  if (exp > now + MAX_VAPID_LIFETIME_SECONDS + SKEW_SECONDS) {
    throw new Rejection(403, 'the VAPID token expires more than 24 hours from now')
  }
  const subject = claims.sub
  if (typeof subject !== 'string' || !/^(mailto:|https:)/.test(subject)) {
    throw new Rejection(403, 'the VAPID sub is not a mailto: or https: contact')
  }
  return { key, subject }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

type Registered = { ecdh: ECDH; auth: Buffer }

/** Starts the stand-in push service on 127.0.0.1 (see the module comment for its API). */
export async function startPushService(opts: { port?: number } = {}): Promise<PushService> {
  const subscriptions = new Map<string, Registered>()
  const forced = new Map<string, number>()
  const attempts = new Map<string, number>()
  const received: ReceivedPush[] = []
  const rejections: PushRejection[] = []
  const waiters = new Set<() => void>()
  let origin = ''

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const endpoint = `${origin}${req.url ?? '/'}`
    const answer = (status: number, text = '') => {
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end(text)
    }
    const body = await readBody(req)
    if (req.method !== 'POST') return answer(405)
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
    const subscription = id ? subscriptions.get(id) : undefined
    if (!subscription) return answer(404, 'no such subscription')
    attempts.set(endpoint, (attempts.get(endpoint) ?? 0) + 1)
    const status = forced.get(endpoint)
    if (status !== undefined) return answer(status, `told to answer ${status}`)
    try {
      const { key, subject } = await verifyVapid(req.headers.authorization, origin)
      const ttlHeader = req.headers.ttl
      const ttl = Number(ttlHeader)
      if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader)) {
        throw new Rejection(400, 'TTL header missing or not a number of seconds')
      }
      if (req.headers['content-encoding'] !== 'aes128gcm') {
        throw new Rejection(400, `Content-Encoding is ${req.headers['content-encoding']}, not aes128gcm`)
      }
      let text: string
      try {
        text = decryptAes128gcm(body, subscription.ecdh, subscription.auth).toString('utf8')
      } catch (error) {
        throw new Rejection(400, `the payload does not decrypt: ${(error as Error).message}`)
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      const header = (name: string) => {
        const value = req.headers[name]
        return typeof value === 'string' ? value : undefined
      }
      received.push({
        endpoint,
        ttl,
        urgency: header('urgency'),
        topic: header('topic'),
        vapidPublicKey: key,
        subject,
        text,
        json,
        receivedAt: new Date(),
      })
      for (const wake of waiters) wake()
      res.writeHead(201, { location: `${origin}/message/${randomBytes(8).toString('hex')}` })
      res.end()
    } catch (error) {
      if (!(error instanceof Rejection)) throw error
      rejections.push({ endpoint, status: error.status, reason: error.message })
      for (const wake of waiters) wake()
      answer(error.status, error.message)
    }
  }

  const server: Server = createServer(
    {
      cert: fs.readFileSync(path.join(TLS_DIR, 'cert.pem')),
      key: fs.readFileSync(path.join(TLS_DIR, 'key.pem')),
    },
    (req, res) => {
      handle(req, res).catch((error: Error) => {
        res.writeHead(500)
        res.end(error.message)
      })
    },
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`

  const messages = (endpoint?: string) =>
    endpoint ? received.filter((m) => m.endpoint === endpoint) : [...received]

  return {
    origin,
    createSubscription() {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      const id = randomBytes(12).toString('base64url')
      subscriptions.set(id, { ecdh, auth })
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      }
    },
    messages,
    waitForMessages(endpoint, count = 1, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages(endpoint)
          if (found.length < count) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found.slice(0, count))
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          const mine = rejections.filter((r) => r.endpoint === endpoint)
          reject(
            new Error(
              `push service: ${messages(endpoint).length} of ${count} message(s) for ${endpoint} after ${timeoutMs} ms` +
                (mine.length ? `; rejected: ${mine.map((r) => `${r.status} ${r.reason}`).join('; ')}` : ''),
            ),
          )
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    respondWith(endpoint, status) {
      if (status === null) forced.delete(endpoint)
      else forced.set(endpoint, status)
    },
    attempts: (endpoint) => attempts.get(endpoint) ?? 0,
    rejections,
    reset() {
      received.length = 0
      rejections.length = 0
      forced.clear()
      attempts.clear()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
