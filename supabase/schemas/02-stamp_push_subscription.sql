/**
 * ---------------------------------------------------------------------------
 * Push subscriptions
 * ---------------------------------------------------------------------------
 * A browser's Web Push subscription (PushSubscription.toJSON()): the endpoint
 * is the push service's URL for this browser, p256dh and auth its keys. The app
 * upserts on the endpoint. A browser belongs to whoever subscribed with it last:
 * subscribing with an endpoint another person registered moves it (the
 * endpoint is a secret of the browser, so whoever sends it holds the browser).
 * Only https endpoints are stored; the sender also refuses private addresses.
 */

create or replace function public.stamp_push_subscription()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'INSERT' then
    if current_user in ('anon', 'authenticated') or coalesce(auth.role(), '') in ('anon', 'authenticated') then
      new.user_id := auth.uid();
      new.created_at := now();
    end if;
    -- Runs before the conflict check of an upsert, so the browser's old row (another person's) goes.
    delete from public.push_subscriptions where endpoint = new.endpoint and user_id <> new.user_id;
  else
    new.id := old.id;
    new.user_id := old.user_id;
    new.created_at := old.created_at;
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_push_subscription() from public, anon, authenticated, service_role;
