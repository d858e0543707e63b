import { createECDH, createPrivateKey, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import { decryptAes128gcm, PUSH_SERVICE_CA_FILE, type PushService, startPushService } from './push-service'

// The stand-in push service is proven against web-push, the library the sender uses: what web-push
// encrypts it decrypts, what web-push signs it accepts, and what is wrong it refuses.

const vapid = webpush.generateVAPIDKeys()
const vapidDetails = { subject: 'mailto:alerts@roost.test', ...vapid }
const agent = new https.Agent({ ca: fs.readFileSync(PUSH_SERVICE_CA_FILE) })

let service: PushService
beforeAll(async () => {
  service = await startPushService()
})
afterAll(() => service.close())
beforeEach(() => service.reset())

/** A VAPID private key as a KeyObject, to sign tokens web-push itself would refuse to make. */
function vapidSigningKey() {
  const raw = Buffer.from(vapid.publicKey, 'base64url')
  return createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: vapid.privateKey,
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
}

async function post(endpoint: string, headers: Record<string, string>, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(endpoint, { method: 'POST', headers, agent }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('decryptAes128gcm', () => {
  it('decrypts what web-push encrypts for a subscription (RFC 8291)', () => {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const auth = randomBytes(16)
    const payload = JSON.stringify({ title: '2 new homes · Rent · Hackney', body: 'Flat — £1,950 pcm' })
    const { cipherText } = webpush.encrypt(
      ecdh.getPublicKey().toString('base64url'),
      auth.toString('base64url'),
      payload,
      'aes128gcm',
    )
    expect(decryptAes128gcm(cipherText, ecdh, auth).toString('utf8')).toBe(payload)
  })

  it('refuses a body encrypted for another subscription or altered on the way', () => {
    const mine = createECDH('prime256v1')
    mine.generateKeys()
    const other = createECDH('prime256v1')
    other.generateKeys()
    const auth = randomBytes(16)
    const { cipherText } = webpush.encrypt(
      other.getPublicKey().toString('base64url'),
      auth.toString('base64url'),
      'hello',
      'aes128gcm',
    )
    expect(() => decryptAes128gcm(cipherText, mine, auth)).toThrow()
    expect(() => decryptAes128gcm(cipherText, other, randomBytes(16))).toThrow()
    const altered = Buffer.from(cipherText)
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1
    expect(() => decryptAes128gcm(altered, other, auth)).toThrow()
  })
})

describe('startPushService', () => {
  it('receives what web-push sends, checks VAPID and decrypts the payload', async () => {
    const subscription = service.createSubscription()
    expect(subscription.endpoint.startsWith(`${service.origin}/push/`)).toBe(true)
    expect(service.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const payload = { title: '1 new home', body: 'Bright flat', url: '/search?from=x', tag: 'saved-search-x' }
    const result = await webpush.sendNotification(subscription, JSON.stringify(payload), {
      vapidDetails,
      TTL: 3600,
      urgency: 'high',
      topic: 'saved-search',
      agent,
    })
    expect(result.statusCode).toBe(201)
    const [message] = await service.waitForMessages(subscription.endpoint)
    expect(message).toMatchObject({
      endpoint: subscription.endpoint,
      ttl: 3600,
      urgency: 'high',
      topic: 'saved-search',
      vapidPublicKey: vapid.publicKey,
      subject: vapidDetails.subject,
      json: payload,
    })
    expect(service.rejections).toEqual([])
  })

  it('answers what it is told to for an endpoint, as a push service does for an expired subscription', async () => {
    const gone = service.createSubscription()
    const kept = service.createSubscription()
    service.respondWith(gone.endpoint, 410)
    await expect(webpush.sendNotification(gone, 'x', { vapidDetails, TTL: 60, agent })).rejects.toMatchObject(
      { statusCode: 410 },
    )
    await webpush.sendNotification(kept, 'y', { vapidDetails, TTL: 60, agent })
    expect(service.attempts(gone.endpoint)).toBe(1)
    expect(service.messages(gone.endpoint)).toEqual([])
    expect(service.messages(kept.endpoint).map((m) => m.text)).toEqual(['y'])
    service.respondWith(gone.endpoint, null)
    await webpush.sendNotification(gone, 'back', { vapidDetails, TTL: 60, agent })
    expect(service.messages(gone.endpoint).map((m) => m.text)).toEqual(['back'])
  })

  it('answers 404 for an endpoint it never issued', async () => {
    const subscription = service.createSubscription()
    const unknown = { ...subscription, endpoint: `${service.origin}/push/unknown` }
    await expect(
      webpush.sendNotification(unknown, 'x', { vapidDetails, TTL: 60, agent }),
    ).rejects.toMatchObject({ statusCode: 404 })
  })

  it('refuses a VAPID token for another audience, too long-lived, without sub, or signed by another key', async () => {
    const subscription = service.createSubscription()
    const { cipherText } = webpush.encrypt(subscription.keys.p256dh, subscription.keys.auth, 'x', 'aes128gcm')
    const now = Math.floor(Date.now() / 1000)
    const token = (claims: Record<string, unknown>, key = vapidSigningKey()) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(key)
    const send = async (jwt: string, k = vapid.publicKey) =>
      post(
        subscription.endpoint,
        { authorization: `vapid t=${jwt}, k=${k}`, ttl: '60', 'content-encoding': 'aes128gcm' },
        cipherText,
      )
    const good = { aud: service.origin, exp: now + 3600, sub: 'mailto:a@b.test' }
    expect(await send(await token({ ...good, aud: 'https://push.example.com' }))).toBe(403)
    expect(await send(await token({ ...good, exp: now + 25 * 3600 }))).toBe(403)
    expect(await send(await token({ ...good, exp: now - 3600 }))).toBe(403)
    expect(await send(await token({ aud: good.aud, exp: good.exp }))).toBe(403)
    const stranger = webpush.generateVAPIDKeys()
    expect(await send(await token(good), stranger.publicKey)).toBe(403)
    expect(await send(await token(good))).toBe(201)
    expect(service.rejections.map((r) => r.status)).toEqual([403, 403, 403, 403, 403])
    expect(service.messages(subscription.endpoint).map((m) => m.text)).toEqual(['x'])
  })

  it('refuses a request without VAPID, without TTL, or not aes128gcm', async () => {
    const subscription = service.createSubscription()
    const details = webpush.generateRequestDetails(subscription, 'x', { vapidDetails, TTL: 60 })
    const headers = details.headers as Record<string, string>
    const body = details.body as Buffer
    const { Authorization: authorization = '', TTL: ttl = '', ...rest } = headers
    expect(await post(subscription.endpoint, { ...rest, ttl }, body)).toBe(401)
    expect(await post(subscription.endpoint, { ...rest, authorization }, body)).toBe(400)
    expect(
      await post(subscription.endpoint, { ...rest, authorization, ttl, 'Content-Encoding': 'aesgcm' }, body),
    ).toBe(400)
    expect(await post(subscription.endpoint, { ...rest, authorization, ttl }, body)).toBe(201)
  })
})
