import fs from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'
import { z } from 'zod'

/** The application server's VAPID key pair (RFC 8292), base64url as web-push's generateVAPIDKeys gives it. */
export type VapidKeys = { publicKey: string; privateKey: string }

const KeysSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
})

/** Where a stack keeps its VAPID keys: its data folder, so they outlive restarts (and subscriptions stay valid). */
export function vapidKeysFile(dataDir: string): string {
  return path.join(dataDir, 'vapid-keys.json')
}

/**
 * The stack's VAPID keys: read from the data folder, or generated on the first start and written there
 * (readable by the owner only). Browsers subscribe with the public key, so it must not change while
 * their subscriptions live; deleting the data folder starts afresh.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = vapidKeysFile(dataDir)
  if (fs.existsSync(file)) {
    const parsed = KeysSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')))
    if (!parsed.success) {
      throw new Error(`${file} does not hold a VAPID key pair; delete it to generate a new one`)
    }
    return parsed.data
  }
  const keys = webpush.generateVAPIDKeys()
  fs.mkdirSync(dataDir, { recursive: true })
  // Written whole before it appears, and never over a pair another start wrote first.
  const partial = `${file}.${process.pid}.tmp`
  fs.writeFileSync(partial, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 })
  try {
    fs.linkSync(partial, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return loadOrCreateVapidKeys(dataDir)
  } finally {
    fs.rmSync(partial, { force: true })
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey }
}
