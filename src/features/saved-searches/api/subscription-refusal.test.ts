import { describe, expect, it } from 'vitest'
import { subscriptionRefusal } from './subscription-refusal'

describe('subscriptionRefusal', () => {
  it('says what is wrong with keys the database refuses, and what to do', () => {
    for (const constraint of ['push_subscriptions_p256dh_valid', 'push_subscriptions_auth_valid'])
      expect(
        subscriptionRefusal(
          `new row for relation "push_subscriptions" violates check constraint "${constraint}"`,
        ),
      ).toMatch(/^this browser gave notification keys Roost can’t use\. Turn notifications off/)
  })

  it('says an address that is not https cannot be sent to', () => {
    expect(
      subscriptionRefusal(
        'new row for relation "push_subscriptions" violates check constraint "push_subscriptions_endpoint_https"',
      ),
    ).toContain('secure (https)')
  })

  it('keeps any other refusal as the server said it', () => {
    expect(subscriptionRefusal('permission denied for table push_subscriptions')).toBe(
      'permission denied for table push_subscriptions',
    )
  })
})
