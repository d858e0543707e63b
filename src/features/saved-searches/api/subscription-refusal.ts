/**
 * What the person reads when the server refuses this browser's push subscription: the database checks the
 * push address (https) and the keys (a P-256 key and a 16-byte secret, as the Push API gives them), and its
 * own words name a constraint, not what to do.
 */
export function subscriptionRefusal(message: string): string {
  if (/push_subscriptions_(p256dh|auth)_valid/.test(message))
    return 'this browser gave notification keys Roost can’t use. Turn notifications off for Roost in the browser’s site settings and on again, then try again'
  if (/push_subscriptions_endpoint_https/.test(message))
    return 'this browser’s notification address isn’t a secure (https) one Roost can send to'
  return message
}
