// Sends one Web Push with web-push from node_modules and the stack's VAPID keys, as send-alerts does.
import webpush from 'npm:web-push'

Deno.serve(async (request) => {
  const { subscription, payload } = await request.json()
  webpush.setVapidDetails(
    Deno.env.get('VAPID_SUBJECT') ?? '',
    Deno.env.get('VAPID_PUBLIC_KEY') ?? '',
    Deno.env.get('VAPID_PRIVATE_KEY') ?? '',
  )
  try {
    const result = await webpush.sendNotification(subscription, JSON.stringify(payload), {
      TTL: 600,
      urgency: 'high',
    })
    return Response.json({ status: result.statusCode })
  } catch (error) {
    return Response.json(
      { error: String(error), status: (error as { statusCode?: number }).statusCode },
      { status: 502 },
    )
  }
})
