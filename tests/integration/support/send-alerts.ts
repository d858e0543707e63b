import { expect, inject } from 'vitest'
import type { TestUser } from './clients'
import type { PushService, TestSubscription } from './push-service'

/** Runs send-alerts' instant run through the stack, as its schedule does, and returns its summary. */
export async function runInstantSender(): Promise<Record<string, unknown>> {
  const key = inject('serviceRoleKey')
  const response = await fetch(`${inject('apiUrl')}/functions/v1/send-alerts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'instant' }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as Record<string, unknown>
}

/** A browser of the person's, subscribed at the stand-in push service and kept on the server as the app keeps it. */
export async function subscribeAt(push: PushService, person: TestUser): Promise<TestSubscription> {
  const subscription = push.createSubscription()
  const { error } = await person.client
    .from('push_subscriptions')
    .upsert(
      { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      { onConflict: 'endpoint' },
    )
  expect(error).toBeNull()
  return subscription
}
