/**
 * ---------------------------------------------------------------------------
 * A poison item never blocks a queue
 * ---------------------------------------------------------------------------
 * A push subscription whose key no push can be encrypted to (86 characters
 * that decode to 64 bytes, or 65 bytes that are no point of P-256) made the
 * sender throw while it built the push, rolling back the whole batch with no
 * attempt recorded, on every run, for every person. Two changes here:
 *
 * - the database keeps only keys a browser's Push API gives: p256dh an
 *   uncompressed P-256 point (65 bytes, 0x04 || X || Y, on the curve), auth a
 *   16-byte secret; rows that break this can never be delivered and go;
 * - message and saved-home pushes, like alerts, keep a given-up item as given
 *   up (gave_up_at, with its last_error), not as sent, so an operator sees it
 *   in SQL and the claim skips it. The sender (send-alerts, send-emails)
 *   settles each item on its own, so one that throws records its error and
 *   the rest of the batch goes on.
 */

/**
 * ---------------------------------------------------------------------------
 * Push subscription keys
 * ---------------------------------------------------------------------------
 * push_key_is_p256_point(key): whether a base64url text (unpadded, or padded
 * to 88 characters) is an uncompressed point of P-256 (secp256r1, FIPS 186-4
 * D.1.2.3): 65 bytes, the first 0x04, then X and Y below p with
 * y² = x³ − 3x + b (mod p). In numeric, exact at any size.
 */

create function public.push_key_is_p256_point(key text)
  returns boolean
  language plpgsql
  immutable strict parallel safe
  set search_path = ''
as $$
declare
  p constant numeric := 115792089210356248762697446949407573530086143415290314195533631308867097853951;
  b constant numeric := 41058363725152142129326129780047268409114441015993725554835256314039467401291;
  point bytea;
  x numeric := 0;
  y numeric := 0;
begin
  -- 65 bytes are 87 base64url characters, and one `=` when padded.
  if key !~ '^[A-Za-z0-9_-]{87}=?$' then
    return false;
  end if;
  point := decode(translate(rtrim(key, '='), '-_', '+/') || '=', 'base64');
  if length(point) <> 65 or get_byte(point, 0) <> 4 then
    return false;
  end if;
  for i in 1..32 loop
    x := x * 256 + get_byte(point, i);
    y := y * 256 + get_byte(point, i + 32);
  end loop;
  if x >= p or y >= p then
    return false;
  end if;
  return mod(y * y, p) = mod(mod(x * x * x - 3 * x + b, p) + p, p);
end;
$$;

comment on function public.push_key_is_p256_point(text) is
  'Whether a base64url text is an uncompressed P-256 point (65 bytes, 0x04, on the curve): a Web Push p256dh key.';

-- A check constraint's functions run with the inserting role's rights: people keep their own subscriptions.
revoke execute on function public.push_key_is_p256_point(text) from public, anon;
grant execute on function public.push_key_is_p256_point(text) to authenticated, service_role;

-- Rows no push can reach: no key a push can be encrypted to, or a secret of another size than 16 bytes.
delete from public.push_subscriptions
where not public.push_key_is_p256_point(p256dh)
   or auth !~ '^[A-Za-z0-9_-]{22}(==)?$';

alter table public.push_subscriptions
  drop constraint push_subscriptions_p256dh_valid,
  drop constraint push_subscriptions_auth_valid,
  -- p256dh: an uncompressed P-256 point; auth: 16 bytes (22 base64url characters, `==` when padded).
  add constraint push_subscriptions_p256dh_valid check (public.push_key_is_p256_point(p256dh)),
  add constraint push_subscriptions_auth_valid check (auth ~ '^[A-Za-z0-9_-]{22}(==)?$');

/**
 * ---------------------------------------------------------------------------
 * Message pushes: given up is not sent
 * ---------------------------------------------------------------------------
 * A push that failed its 8th try was marked sent. Now it keeps sent_at null
 * and gets gave_up_at, with its last_error: kept for an operator, skipped by
 * the claim. Rows given up before (sent with an error) are moved over.
 */

alter table public.message_pushes add column gave_up_at timestamptz;

update public.message_pushes
set gave_up_at = sent_at, sent_at = null
where sent_at is not null and last_error is not null;

drop index public.message_pushes_due;
create index message_pushes_due on public.message_pushes (next_attempt_at, id)
  where sent_at is null and gave_up_at is null;

create or replace function public.claim_message_pushes(batch_limit integer default 50)
  returns table (
    push_id bigint,
    recipient_id uuid,
    conversation_id uuid,
    sender_name text,
    listing_name text,
    body text,
    attempts integer
  )
  language sql
  volatile
  set search_path = ''
as $$
  with due as (
    select q.id, q.message_id, q.recipient_id, q.attempts
    from public.message_pushes as q
    where q.sent_at is null and q.gave_up_at is null and q.next_attempt_at <= now()
    order by q.next_attempt_at, q.id
    limit batch_limit
    for update skip locked
  )
  select due.id, due.recipient_id, m.conversation_id, p.name, l.name, left(m.body, 200), due.attempts
  from due
  join public.messages as m on m.id = due.message_id
  join public.conversations as c on c.id = m.conversation_id
  left join public.profiles as p on p.id = m.sender_id
  left join public.listings as l on l.id = c.listing_id
  order by due.id;
$$;

-- Marks a claimed push sent, or records a failed attempt: retried with backoff, given up at the 8th.
create or replace function public.finish_message_push(push_id bigint, error text default null)
  returns void
  language sql
  volatile
  set search_path = ''
as $$
  update public.message_pushes as q
  set attempts = q.attempts + 1,
      last_error = finish_message_push.error,
      sent_at = case when finish_message_push.error is null then now() end,
      gave_up_at = case when finish_message_push.error is not null and q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts + 1), 60) * interval '1 minute'
  where q.id = finish_message_push.push_id;
$$;

/**
 * ---------------------------------------------------------------------------
 * Saved-home pushes: given up is not sent
 * ---------------------------------------------------------------------------
 * As message pushes.
 */

alter table public.saved_home_pushes add column gave_up_at timestamptz;

update public.saved_home_pushes
set gave_up_at = sent_at, sent_at = null
where sent_at is not null and last_error is not null;

drop index public.saved_home_pushes_due;
create index saved_home_pushes_due on public.saved_home_pushes (next_attempt_at, id)
  where sent_at is null and gave_up_at is null;

create or replace function public.claim_saved_home_pushes(batch_limit integer default 50)
  returns table (
    push_id bigint,
    user_id uuid,
    listing_id uuid,
    listing_name text,
    listing_type text,
    change text,
    status text,
    price integer,
    previous_price integer,
    attempts integer
  )
  language sql
  volatile
  set search_path = ''
as $$
  with due as (
    select q.id, q.user_id, q.listing_id, q.change, q.status, q.price, q.previous_price, q.attempts
    from public.saved_home_pushes as q
    where q.sent_at is null and q.gave_up_at is null and q.next_attempt_at <= now()
    order by q.next_attempt_at, q.id
    limit batch_limit
    for update skip locked
  )
  select due.id, due.user_id, due.listing_id, l.name, l.type, due.change, due.status, due.price,
    due.previous_price, due.attempts
  from due
  join public.listings as l on l.id = due.listing_id
  order by due.id;
$$;

-- Marks a claimed push sent, or records a failed attempt: retried with backoff, given up at the 8th.
create or replace function public.finish_saved_home_push(push_id bigint, error text default null)
  returns void
  language sql
  volatile
  set search_path = ''
as $$
  update public.saved_home_pushes as q
  set attempts = q.attempts + 1,
      last_error = finish_saved_home_push.error,
      sent_at = case when finish_saved_home_push.error is null then now() end,
      gave_up_at = case when finish_saved_home_push.error is not null and q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts + 1), 60) * interval '1 minute'
  where q.id = finish_saved_home_push.push_id;
$$;
