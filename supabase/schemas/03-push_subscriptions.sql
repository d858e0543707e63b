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

create table public.push_subscriptions (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  created_at timestamp with time zone not null default now(),
  constraint push_subscriptions_pkey PRIMARY KEY (id),
  constraint push_subscriptions_endpoint_key UNIQUE (endpoint),
  constraint push_subscriptions_auth_valid CHECK (auth ~ '^[A-Za-z0-9_-]{22}(==)?$'::text),
  constraint push_subscriptions_endpoint_https CHECK (endpoint ~ '^https://[^/?#@\s]+(/|$)'::text AND char_length(endpoint) <= 2048),
  constraint push_subscriptions_p256dh_valid CHECK (push_key_is_p256_point(p256dh)),
  constraint push_subscriptions_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

create index push_subscriptions_user_idx ON public.push_subscriptions using btree (user_id);

-- The API roles get only what is granted here.
revoke all on table public.push_subscriptions from anon, authenticated, service_role;
grant select, insert, update, delete on table public.push_subscriptions to authenticated;
grant select, insert, update, delete on table public.push_subscriptions to service_role;

alter table public.push_subscriptions enable row level security;

create policy "Users can add push subscriptions in their own name"
  on public.push_subscriptions for insert to authenticated
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can delete their own push subscriptions"
  on public.push_subscriptions for delete to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can read their own push subscriptions"
  on public.push_subscriptions for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can update their own push subscriptions"
  on public.push_subscriptions for update to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)))
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create trigger push_subscriptions_stamp BEFORE INSERT OR UPDATE ON push_subscriptions FOR EACH ROW EXECUTE FUNCTION stamp_push_subscription();
