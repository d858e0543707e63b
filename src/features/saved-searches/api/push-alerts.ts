import { env } from '../../../config/env'
import { queueWrite } from '../../../device/outbox'
import { OutboxFailure, toOutboxFailure } from '../../../lib/outbox/failure'
import { getSupabase } from '../../../lib/supabase'
import { subscriptionRefusal } from './subscription-refusal'

/**
 * Whether alerts can reach this device as notifications: 'ready' (permission given), 'ask' (not asked yet),
 * or why they cannot and will show in the app only.
 */
export type PushReach = 'ready' | 'ask' | 'unsupported' | 'not-configured' | 'denied'

export function pushReach(): PushReach {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported'
  if (!env.vapidPublicKey) return 'not-configured'
  if (Notification.permission === 'denied') return 'denied'
  return Notification.permission === 'granted' ? 'ready' : 'ask'
}

/** How long to wait for the service worker before settling for alerts in the app. */
const WORKER_WAIT_MS = 10_000

/** The VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(text.length))
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return bytes
}

async function activeWorker(): Promise<ServiceWorkerRegistration | null> {
  let timer: number | undefined
  const late = new Promise<null>((resolve) => {
    timer = window.setTimeout(() => resolve(null), WORKER_WAIT_MS)
  })
  return Promise.race([navigator.serviceWorker.ready, late]).finally(() => window.clearTimeout(timer))
}

/** A push subscription as public.push_subscriptions keeps it. */
export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string }

/** The outbox kind that keeps a subscription on the server. */
export const KEEP_SUBSCRIPTION_KIND = 'push-subscription.keep'

declare module '../../../lib/outbox/payloads' {
  interface OutboxPayloads {
    [KEEP_SUBSCRIPTION_KIND]: PushSubscriptionKeys
  }
}

/** Keeps the subscription on the server (one row per endpoint, the signed-in person's); idempotent. */
export async function keepSubscription({ endpoint, p256dh, auth }: PushSubscriptionKeys): Promise<void> {
  const supabase = await getSupabase()
  const { error, status } = await supabase
    .from('push_subscriptions')
    .upsert({ endpoint, p256dh, auth }, { onConflict: 'endpoint' })
  if (!error) return
  const failure = toOutboxFailure(error, status)
  // A CHECK's refusal is kept and shown (saved-searches.tsx): in words that say what is wrong.
  if (failure.code === '23514')
    throw new OutboxFailure(subscriptionRefusal(failure.message), {
      status,
      code: failure.code,
      cause: error,
    })
  throw failure
}

/**
 * Turns on notifications for alerts: asks for permission (only ever called when the person chose Instant or
 * Daily), subscribes with the VAPID key and keeps the subscription on the server. Returns the reach after
 * it: 'ready' when notifications will come, else why alerts show in the app only.
 */
export async function enablePushAlerts(userId: string): Promise<PushReach> {
  const before = pushReach()
  if (before !== 'ready' && before !== 'ask') return before
  const key = env.vapidPublicKey
  if (!key) return 'not-configured'
  const permission = before === 'ready' ? 'granted' : await Notification.requestPermission()
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'ask'
  const registration = await activeWorker()
  if (!registration) return 'unsupported'
  try {
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(key),
      }))
    const { endpoint, keys } = subscription.toJSON()
    if (!endpoint || !keys?.p256dh || !keys.auth) return 'unsupported'
    // Through the outbox: offline, it reaches the server when the connection returns.
    const payload: PushSubscriptionKeys = { endpoint, p256dh: keys.p256dh, auth: keys.auth }
    await queueWrite({ userId, kind: KEEP_SUBSCRIPTION_KIND, thing: `push:${endpoint}`, payload })
    return 'ready'
  } catch {
    return 'unsupported'
  }
}

/** The line shown when alerts cannot come as notifications, or null when they can (or were not asked for yet). */
export function inAppOnlyLine(reach: PushReach): string | null {
  switch (reach) {
    case 'unsupported':
      return 'Alerts will show in the app only: this browser can’t receive notifications. Open Saved to see what’s new.'
    case 'not-configured':
      return 'Alerts will show in the app only: notifications aren’t set up for Roost yet. Open Saved to see what’s new.'
    case 'denied':
      return 'Alerts will show in the app only: notifications are blocked for Roost. Allow them in your browser’s site settings to get alerts on this device.'
    default:
      return null
  }
}
