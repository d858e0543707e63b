-- Roost's schema in one migration: supabase/schemas/*.sql in the order they apply (lexical), folded
-- together while no deployed database had applied the migrations before it. Every change after it is
-- a migration of its own, written by `npm run db:diff -- <name>` from an edit of supabase/schemas.

-- ==================================================================================================
-- supabase/schemas/00-settings.sql
-- ==================================================================================================

-- Applied first, in the same session as every file after it. Files go in an order of dependencies,
-- but a function's body records none: it is checked when called, as pg_dump's output is applied.
set check_function_bodies = off;

-- ==================================================================================================
-- supabase/schemas/01-extensions.sql
-- ==================================================================================================

-- Extensions Roost uses beyond the platform's own. Hosted Supabase keeps them in the `extensions`
-- schema, so their operator classes and functions are qualified or found through the search path.

create extension if not exists btree_gist with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- ==================================================================================================
-- supabase/schemas/02-account_function_tries.sql
-- ==================================================================================================

-- ---------------------------------------------------------------------------
-- Tries of the account functions: password checks and exports
-- ---------------------------------------------------------------------------

create table public.account_function_tries (
  id bigint generated always as identity,
  kind text not null,
  account_id uuid not null,
  address text not null,
  tried_at timestamp with time zone not null default now(),
  constraint account_function_tries_pkey PRIMARY KEY (id),
  constraint account_function_tries_kind_check CHECK (kind = ANY (ARRAY['password'::text, 'export'::text]))
);

comment on table public.account_function_tries is 'Password checks of delete-account (per account and per client address, 5 wrong an hour) and exports of export-data (one a minute per account): rows of the last hour.';

/**
 * ---------------------------------------------------------------------------
 * Client addresses from a trusted header only; limits on the account functions
 * ---------------------------------------------------------------------------
 * request_client_address() believed `cf-connecting-ip`, else the first entry of
 * `x-forwarded-for`, and took any string as an address. A client sending a new
 * `x-forwarded-for` with each call was a new caller each time (21 of 21
 * landlords' emails read against a limit of 20), and every invented string was
 * a new row of landlord_contact_reads, which only shrank for addresses that
 * came back.
 *
 * Now:
 * - Which header carries the client's address is the deployment's setting, one
 *   row of client_address_settings (no API role can read or change it). Its
 *   default, `cf-connecting-ip`, is the header hosted Supabase's edge
 *   (Cloudflare) sets on every request, overwriting a client's copy; the local
 *   stack sets it from the connection's address the same way. No other header
 *   is read.
 * - A value is an address only when it parses as one IPv4 or IPv6 address;
 *   anything else, or no header, is 'unknown', and all unknown callers share
 *   one count for landlord_contact: a caller cannot leave the limit by sending
 *   junk, and a deployment whose header is missing fails closed (one shared
 *   limit) rather than open. The password check does not count unknown callers
 *   as one address (one guesser would block everyone's deletion); its
 *   per-account limit holds for them. IPv6 addresses count per /64, the block
 *   one subscriber gets.
 * - Stale rows of every address go: each call deletes a bounded batch of rows
 *   older than the window, so the tables hold about one window of rows.
 * - delete-account's password check is limited per account and per address
 *   (5 wrong tries an hour), and export-data to one export a minute per
 *   account, both counted in account_function_tries. The functions reach these
 *   through SUPABASE_DB_URL (the database owner); no API role may call them.
 */
create index account_function_tries_by_account ON public.account_function_tries using btree (kind, account_id, tried_at);

create index account_function_tries_by_address ON public.account_function_tries using btree (kind, address, tried_at);

create index account_function_tries_stale ON public.account_function_tries using btree (tried_at);

-- No API role reads or writes this table directly.
revoke all on table public.account_function_tries from anon, authenticated, service_role;

-- Its identity's sequence.
revoke all on sequence account_function_tries_id_seq from anon, authenticated, service_role;

alter table public.account_function_tries enable row level security;

-- ==================================================================================================
-- supabase/schemas/02-alert_batches_due.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The sender's side of the queue (service role only)
 * ---------------------------------------------------------------------------
 * alert_batches_due(mode): the saved searches with something to send now.
 * Instant: every pending delivery of an instant search. Daily: once London
 * time has passed 08:00, the deliveries of daily searches queued before
 * today's 08:00, so each search gets at most one digest a day, and none when
 * nothing is new.
 *
 * claim_alert_batch(search, mode): in the caller's transaction, locks the
 * search's due deliveries (`for update skip locked`: a concurrent sender
 * skips them) and returns them with what the push says. Homes the person has
 * seen since (published before they last opened the search) are marked sent
 * without a push.
 *
 * finish_alert_batch(ids, error): marks the deliveries sent, or records a
 * failed attempt: retried after 1, 4, 9, 16 minutes, given up at the 5th.
 */

create or replace function public.alert_batches_due(mode text, batch_limit integer default 100)
  returns table(saved_search_id uuid)
  language sql
  stable
  set search_path to ''
as $function$
  select d.saved_search_id
  from public.alert_deliveries as d
  join public.saved_searches as s on s.id = d.saved_search_id
  where d.sent_at is null
    and d.gave_up_at is null
    and d.next_attempt_at <= now()
    and s.alerts = mode
    and d.created_at < public.alert_due_before(mode)
  group by d.saved_search_id
  order by min(d.created_at)
  limit batch_limit;
$function$;

revoke all on function public.alert_batches_due(mode text, batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.alert_batches_due(mode text, batch_limit integer) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-alert_due_before.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The sender's side of the queue (service role only)
 * ---------------------------------------------------------------------------
 * alert_batches_due(mode): the saved searches with something to send now.
 * Instant: every pending delivery of an instant search. Daily: once London
 * time has passed 08:00, the deliveries of daily searches queued before
 * today's 08:00, so each search gets at most one digest a day, and none when
 * nothing is new.
 *
 * claim_alert_batch(search, mode): in the caller's transaction, locks the
 * search's due deliveries (`for update skip locked`: a concurrent sender
 * skips them) and returns them with what the push says. Homes the person has
 * seen since (published before they last opened the search) are marked sent
 * without a push.
 *
 * finish_alert_batch(ids, error): marks the deliveries sent, or records a
 * failed attempt: retried after 1, 4, 9, 16 minutes, given up at the 5th.
 */

create or replace function public.alert_due_before(mode text, at timestamp with time zone default now())
  returns timestamp with time zone
  language sql
  stable
  set search_path to ''
as $function$
  select case mode
    when 'instant' then at
    when 'daily' then (
      select case when at >= eight then eight end
      from (
        select (date_trunc('day', at at time zone 'Europe/London') + interval '8 hours')
          at time zone 'Europe/London' as eight
      ) as today
    )
  end;
$function$;

revoke all on function public.alert_due_before(mode text, at timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.alert_due_before(mode text, at timestamp with time zone) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-answer_viewing_request.sql
-- ==================================================================================================

-- The landlord confirms (accept) or declines a request; a repeat of the same answer changes nothing.

create or replace function public.answer_viewing_request(booking_id uuid, accept boolean)
  returns text
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings := public.my_live_viewing(answer_viewing_request.booking_id);
  wanted text := case when answer_viewing_request.accept then 'booked' else 'declined' end;
begin
  if booking.landlord_id <> auth.uid() then
    raise exception 'Only the landlord confirms or declines a request' using errcode = 'VW021';
  end if;
  if booking.status = wanted then
    return booking.status;
  end if;
  if booking.status <> 'requested' or (accept and booking.starts_at <= now()) then
    raise exception 'This viewing can no longer change' using errcode = 'VW022';
  end if;
  update public.viewing_bookings as b set status = wanted, updated_at = now()
  where b.id = booking.id returning * into booking;
  perform public.drop_viewing_reminders(booking.id);
  if accept then
    perform public.queue_viewing_reminders(booking);
    perform public.post_viewing_line(
      booking, booking.landlord_id, 'Viewing confirmed for ' || public.viewing_time_text(booking.starts_at)
    );
  else
    perform public.post_viewing_line(
      booking, booking.landlord_id, 'Viewing request declined for ' || public.viewing_time_text(booking.starts_at)
    );
  end if;
  return booking.status;
end;
$function$;

revoke all on function public.answer_viewing_request(booking_id uuid, accept boolean) from public, anon, authenticated, service_role;
grant execute on function public.answer_viewing_request(booking_id uuid, accept boolean) to authenticated;
grant execute on function public.answer_viewing_request(booking_id uuid, accept boolean) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-audit_moderator_role.sql
-- ==================================================================================================

-- Role changes, whoever makes them (the Auth admin API, the dashboard), are audited by a trigger on auth.users.

create or replace function public.audit_moderator_role()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  was boolean := tg_op = 'UPDATE'
    and coalesce(old.raw_app_meta_data -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb;
  now_is boolean := coalesce(new.raw_app_meta_data -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb;
  actor uuid := (select auth.uid());
begin
  if was is distinct from now_is then
    insert into public.moderation_audit (actor_id, actor_email, action, subject_id, subject_email)
    values (
      actor,
      (select u.email from auth.users as u where u.id = actor),
      case when now_is then 'role-granted' else 'role-removed' end,
      new.id,
      new.email
    );
  end if;
  return null;
end;
$function$;

revoke all on function public.audit_moderator_role() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-begin_export.sql
-- ==================================================================================================

-- An export may start: records it and returns true, or false when the account exported in the last minute.

create or replace function public.begin_export(account_id uuid, headers jsonb)
  returns boolean
  language plpgsql
  set search_path to ''
as $function$
begin
  perform public.forget_stale_account_function_tries();
  perform pg_advisory_xact_lock(hashtextextended('export:account:' || begin_export.account_id, 0));
  if exists (
    select 1 from public.account_function_tries as t
    where t.kind = 'export' and t.account_id = begin_export.account_id
      and t.tried_at > now() - interval '1 minute'
  ) then
    return false;
  end if;
  insert into public.account_function_tries (kind, account_id, address)
  values ('export', begin_export.account_id, public.client_address(headers));
  return true;
end;
$function$;

comment on function public.begin_export(account_id uuid, headers jsonb) is 'export-data: records an export, or returns false when the account exported in the last minute.';

revoke all on function public.begin_export(account_id uuid, headers jsonb) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-begin_password_check.sql
-- ==================================================================================================

-- A password check may start: records it and returns its id, or null when the account or the client address
-- (when known) has 5 pending or wrong checks in the last hour. The caller ends it with end_password_check.

create or replace function public.begin_password_check(account_id uuid, headers jsonb)
  returns bigint
  language plpgsql
  set search_path to ''
as $function$
declare
  caller_address text := public.client_address(headers);
  try_id bigint;
begin
  perform public.forget_stale_account_function_tries();
  -- Checks of one account, and from one address, are counted one at a time (always account first, then
  -- address, so two checks never wait on each other in a circle).
  perform pg_advisory_xact_lock(hashtextextended('password_check:account:' || begin_password_check.account_id, 0));
  perform pg_advisory_xact_lock(hashtextextended('password_check:address:' || caller_address, 0));
  if (
    select count(*) from public.account_function_tries as t
    where t.kind = 'password' and t.account_id = begin_password_check.account_id
      and t.tried_at > now() - interval '1 hour'
  ) >= 5 or (
    -- Unknown callers are not one address here: sharing a count, one guesser would block every deletion
    -- (the account's own limit still holds for them).
    caller_address <> 'unknown' and (
      select count(*) from public.account_function_tries as t
      where t.kind = 'password' and t.address = caller_address
        and t.tried_at > now() - interval '1 hour'
    ) >= 5
  ) then
    return null;
  end if;
  insert into public.account_function_tries (kind, account_id, address)
  values ('password', begin_password_check.account_id, caller_address)
  returning id into try_id;
  return try_id;
end;
$function$;

comment on function public.begin_password_check(account_id uuid, headers jsonb) is 'delete-account: records a password check, or returns null when the account or the (known) client address has had 5 wrong checks in the last hour.';

revoke all on function public.begin_password_check(account_id uuid, headers jsonb) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-book_viewing.sql
-- ==================================================================================================

/**
 * Books a slot for the caller: `booked` when the slot books instantly, else `requested`. The slot's row
 * is locked, so of two at once the second sees the first's booking; the unique index stands behind it.
 * A repeat with the same booking_id returns the booking it made.
 */

create or replace function public.book_viewing(slot_id uuid, booking_id uuid default NULL::uuid)
  returns table(id uuid, status text, starts_at timestamp with time zone, ends_at timestamp with time zone)
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  me uuid := auth.uid();
  slot public.viewing_slots;
  booking public.viewing_bookings;
  listing_status text;
begin
  if me is null then
    raise exception 'Sign in to book a viewing' using errcode = '42501';
  end if;
  if book_viewing.booking_id is not null then
    select * into booking from public.viewing_bookings as b
    where b.id = book_viewing.booking_id and b.hunter_id = me;
    if booking.id is not null then
      return query select booking.id, booking.status, booking.starts_at, booking.ends_at;
      return;
    end if;
  end if;

  select * into slot from public.viewing_slots as s where s.id = book_viewing.slot_id for update;
  select l.status into listing_status from public.listings as l where l.id = slot.listing_id;
  if slot.id is null or slot.removed_at is not null or listing_status is distinct from 'available'
     or slot.starts_at <= now() then
    raise exception 'That time is no longer offered: pick another' using errcode = 'VW002';
  end if;
  if slot.landlord_id = me then
    raise exception 'This is your own listing' using errcode = 'VW006';
  end if;
  if slot.starts_at < now() + interval '1 hour' then
    raise exception 'Viewings are booked at least 1 hour ahead' using errcode = 'VW003';
  end if;
  if exists (
    select 1 from public.viewing_bookings as b
    where b.slot_id = slot.id and b.status in ('requested', 'booked')
  ) then
    raise exception 'That time was just taken: pick another' using errcode = 'VW001';
  end if;

  -- One hunter's bookings are counted one at a time, so two at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('viewing_bookings:' || me::text, 0));
  if (
    select count(*) from public.viewing_bookings as b
    where b.hunter_id = me and b.listing_id = slot.listing_id
      and b.status in ('requested', 'booked') and b.starts_at > now()
  ) >= 3 then
    raise exception 'You can hold up to 3 upcoming viewings of one home' using errcode = 'VW004';
  end if;
  if (
    select count(*) from public.viewing_bookings as b
    where b.hunter_id = me and b.status in ('requested', 'booked') and b.starts_at > now()
  ) >= 10 then
    raise exception 'You can hold up to 10 upcoming viewings' using errcode = 'VW005';
  end if;

  begin
    insert into public.viewing_bookings
      (id, slot_id, listing_id, hunter_id, landlord_id, starts_at, ends_at, status)
    values (
      coalesce(book_viewing.booking_id, gen_random_uuid()), slot.id, slot.listing_id, me, slot.landlord_id,
      slot.starts_at, slot.ends_at, case when slot.confirm_each then 'requested' else 'booked' end
    )
    returning * into booking;
  exception when unique_violation then
    raise exception 'That time was just taken: pick another' using errcode = 'VW001';
  end;

  if booking.status = 'booked' then
    perform public.queue_viewing_reminders(booking);
    perform public.post_viewing_line(booking, me, 'Viewing booked for ' || public.viewing_time_text(booking.starts_at));
  else
    insert into public.viewing_reminders (booking_id, recipient_id, kind)
    values (booking.id, booking.landlord_id, 'request')
    on conflict on constraint viewing_reminders_once do nothing;
    perform public.post_viewing_line(
      booking, me, 'Viewing requested for ' || public.viewing_time_text(booking.starts_at)
    );
  end if;
  return query select booking.id, booking.status, booking.starts_at, booking.ends_at;
end;
$function$;

revoke all on function public.book_viewing(slot_id uuid, booking_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.book_viewing(slot_id uuid, booking_id uuid) to authenticated;
grant execute on function public.book_viewing(slot_id uuid, booking_id uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-cancel_viewing.sql
-- ==================================================================================================

/**
 * Cancels a booking or request of the caller's (either side). Idempotent: the device's outbox may send a
 * cancellation twice. One that arrives after the slot started is kept and marked late.
 */

create or replace function public.cancel_viewing(booking_id uuid)
  returns table(status text, cancelled_late boolean)
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings := public.my_live_viewing(cancel_viewing.booking_id);
begin
  if booking.status = 'cancelled' then
    return query select booking.status, booking.cancelled_late;
    return;
  end if;
  if booking.status = 'declined' then
    raise exception 'This viewing can no longer change' using errcode = 'VW022';
  end if;
  update public.viewing_bookings as b
  set status = 'cancelled', cancelled_by = auth.uid(), cancelled_late = now() >= b.starts_at, updated_at = now()
  where b.id = booking.id returning * into booking;
  perform public.drop_viewing_reminders(booking.id);
  perform public.post_viewing_line(
    booking, auth.uid(),
    case when booking.cancelled_late then 'Viewing cancelled late for ' else 'Viewing cancelled for ' end
      || public.viewing_time_text(booking.starts_at)
  );
  return query select booking.status, booking.cancelled_late;
end;
$function$;

revoke all on function public.cancel_viewing(booking_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.cancel_viewing(booking_id uuid) to authenticated;
grant execute on function public.cancel_viewing(booking_id uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-cancel_viewing_requests_off_market.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * A listing leaves the market: its open requests are cancelled
 * ---------------------------------------------------------------------------
 * Under offer, let agreed, let, sold subject to contract or sold: each request
 * still waiting for the landlord is cancelled with a line from the landlord.
 * Booked viewings stay (the landlord cancels them if they wish).
 */

create or replace function public.cancel_viewing_requests_off_market()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings;
begin
  for booking in
    update public.viewing_bookings as b
    set status = 'cancelled', cancelled_by = b.landlord_id, updated_at = now()
    where b.listing_id = new.id and b.status = 'requested'
    returning b.*
  loop
    perform public.drop_viewing_reminders(booking.id);
    perform public.post_viewing_line(
      booking, booking.landlord_id,
      'Viewing request cancelled for ' || public.viewing_time_text(booking.starts_at)
        || ': the home is now ' || replace(replace(new.status, '_stc', ' subject to contract'), '_', ' ')
    );
  end loop;
  return null;
end;
$function$;

revoke all on function public.cancel_viewing_requests_off_market() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-claim_alert_batch.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The sender's side of the queue (service role only)
 * ---------------------------------------------------------------------------
 * alert_batches_due(mode): the saved searches with something to send now.
 * Instant: every pending delivery of an instant search. Daily: once London
 * time has passed 08:00, the deliveries of daily searches queued before
 * today's 08:00, so each search gets at most one digest a day, and none when
 * nothing is new.
 *
 * claim_alert_batch(search, mode): in the caller's transaction, locks the
 * search's due deliveries (`for update skip locked`: a concurrent sender
 * skips them) and returns them with what the push says. Homes the person has
 * seen since (published before they last opened the search) are marked sent
 * without a push.
 *
 * finish_alert_batch(ids, error): marks the deliveries sent, or records a
 * failed attempt: retried after 1, 4, 9, 16 minutes, given up at the 5th.
 */

create or replace function public.claim_alert_batch(search_id uuid, mode text)
  returns table(delivery_id bigint, user_id uuid, search_name text, params jsonb, listing_id uuid, listing_name text, listing_created_at timestamp with time zone, attempts integer)
  language plpgsql
  set search_path to ''
as $function$
declare
  opened timestamptz;
begin
  select s.last_opened_at into opened
  from public.saved_searches as s
  where s.id = search_id and s.alerts = mode;
  if not found then
    return;
  end if;
  return query
  with claimed as (
    select d.id, d.user_id, d.listing_id, d.attempts
    from public.alert_deliveries as d
    where d.saved_search_id = search_id
      and d.sent_at is null
      and d.gave_up_at is null
      and d.next_attempt_at <= now()
      and d.created_at < public.alert_due_before(mode)
    for update of d skip locked
  ),
  seen as (
    update public.alert_deliveries as d
    set sent_at = now(), last_error = 'seen in the app before it was sent'
    from claimed as c
    join public.listings as l on l.id = c.listing_id
    where d.id = c.id and l.created_at <= opened
    returning d.id
  )
  select c.id, c.user_id, s.name, s.params, l.id, l.name, l.created_at, c.attempts
  from claimed as c
  join public.listings as l on l.id = c.listing_id
  join public.saved_searches as s on s.id = search_id
  where c.id not in (select seen.id from seen)
  order by l.created_at desc, l.id desc;
end;
$function$;

revoke all on function public.claim_alert_batch(search_id uuid, mode text) from public, anon, authenticated, service_role;
grant execute on function public.claim_alert_batch(search_id uuid, mode text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-claim_message_emails.sql
-- ==================================================================================================

/**
 * Claims up to `batch_limit` due emails (locked until the caller's transaction ends; rows another sender
 * holds are skipped) with what the email says: the recipient's address and name, who wrote, about which
 * listing. `still_away` is false when the recipient opened the app since the email was queued or has read
 * the conversation: such an email is settled as skipped, not sent. The sender's email is never returned.
 */

create or replace function public.claim_message_emails(batch_limit integer default 20)
  returns table(email_id bigint, conversation_id uuid, recipient_email text, recipient_name text, sender_name text, listing_name text, attempts integer, still_away boolean)
  language sql
  set search_path to ''
as $function$
  with due as (
    select q.id, q.conversation_id, q.recipient_id, q.sender_id, q.created_at, q.attempts
    from public.message_emails as q
    where q.sent_at is null and q.next_attempt_at <= now()
    order by q.next_attempt_at, q.id
    limit batch_limit
    for update skip locked
  )
  select due.id, due.conversation_id, r.email, r.name, s.name, l.name, due.attempts,
         coalesce(o.last_seen_at <= due.created_at, true)
           and coalesce(c.landlord_read_at < c.last_message_at, true)
  from due
  join public.profiles as r on r.id = due.recipient_id
  left join public.profiles as s on s.id = due.sender_id
  left join public.conversations as c on c.id = due.conversation_id
  left join public.listings as l on l.id = c.listing_id
  left join public.app_openings as o on o.user_id = due.recipient_id
  order by due.id;
$function$;

revoke all on function public.claim_message_emails(batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_message_emails(batch_limit integer) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-claim_message_pushes.sql
-- ==================================================================================================

/**
 * Claims up to `batch_limit` due pushes (locked until the caller's transaction ends; rows another sender
 * holds are skipped) with what the push says: who wrote, about which listing, the start of the text.
 */

create or replace function public.claim_message_pushes(batch_limit integer default 50)
  returns table(push_id bigint, recipient_id uuid, conversation_id uuid, sender_name text, listing_name text, body text, attempts integer)
  language sql
  set search_path to ''
as $function$
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
$function$;

revoke all on function public.claim_message_pushes(batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_message_pushes(batch_limit integer) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-claim_saved_home_pushes.sql
-- ==================================================================================================

/**
 * Claims up to `batch_limit` due pushes (locked until the caller's transaction
 * ends; rows another sender holds are skipped) with what the push says.
 */

create or replace function public.claim_saved_home_pushes(batch_limit integer default 50)
  returns table(push_id bigint, user_id uuid, listing_id uuid, listing_name text, listing_type text, change text, status text, price integer, previous_price integer, attempts integer)
  language sql
  set search_path to ''
as $function$
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
$function$;

revoke all on function public.claim_saved_home_pushes(batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_saved_home_pushes(batch_limit integer) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-claim_viewing_reminders.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The reminder queue's sender (send-alerts/viewings.ts)
 * ---------------------------------------------------------------------------
 * Claims due rows (`for update skip locked`, held until the caller's
 * transaction ends) with what the push says. A row whose booking is no longer
 * live is claimed too and settled without a push.
 */

create or replace function public.claim_viewing_reminders(batch_limit integer default 50)
  returns table(reminder_id bigint, recipient_id uuid, kind text, booking_id uuid, live boolean, time_text text, clock text, location text, listing_name text, hunter_name text, attempts integer)
  language sql
  set search_path to ''
as $function$
  with due as (
    select q.id, q.booking_id, q.recipient_id, q.kind, q.attempts
    from public.viewing_reminders as q
    where q.sent_at is null and q.next_attempt_at <= now()
    order by q.next_attempt_at, q.id
    limit batch_limit
    for update skip locked
  )
  select due.id, due.recipient_id, due.kind, b.id,
         b.status = case when due.kind = 'request' then 'requested' else 'booked' end and b.ends_at > now(),
         public.viewing_time_text(b.starts_at),
         to_char(b.starts_at at time zone 'Europe/London', 'HH24:MI'),
         l.location, l.name, p.name, due.attempts
  from due
  join public.viewing_bookings as b on b.id = due.booking_id
  join public.listings as l on l.id = b.listing_id
  left join public.profiles as p on p.id = b.hunter_id
  order by due.id;
$function$;

revoke all on function public.claim_viewing_reminders(batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_viewing_reminders(batch_limit integer) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-client_address.sql
-- ==================================================================================================

-- The client address from a request's headers (as PostgREST hands them to the database, or as a function
-- received them): the configured header only; 'unknown' when it is missing or is not an address.

create or replace function public.client_address(headers jsonb)
  returns text
  language sql
  stable
  set search_path to ''
as $function$
  select coalesce(public.client_address_of(headers ->> s.header), 'unknown')
  from public.client_address_settings as s;
$function$;

comment on function public.client_address(headers jsonb) is 'The client address in these request headers: the header client_address_settings names, parsed as one IP address (IPv6 per /64), else ''unknown''.';

revoke all on function public.client_address(headers jsonb) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-client_address_of.sql
-- ==================================================================================================

-- The address a header value names, in canonical text ('192.0.2.1', '2001:db8::/64' for IPv6), or null when
-- it is not exactly one IPv4 or IPv6 address. The pattern rejects most junk cheaply (and what inet would also
-- accept but is no address: '10/8', '10.1'); the cast, inside its own block, decides the rest
-- (PG 15 has no pg_input_is_valid).

create or replace function public.client_address_of(value text)
  returns text
  language plpgsql
  immutable
  set search_path to ''
as $function$
declare
  address inet;
begin
  value := btrim(value);
  if value is null
    or length(value) > 45
    or not (value ~ '^[0-9]{1,3}(\.[0-9]{1,3}){3}$' or value ~* '^[0-9a-f:.]*:[0-9a-f:.]*$') then
    return null;
  end if;
  begin
    address := value::inet;
  exception when invalid_text_representation then
    return null;
  end;
  -- An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := (regexp_replace(host(address), '^::ffff:', '', 'i'))::inet;
  end if;
  if family(address) = 6 then
    return text(network(set_masklen(address, 64)));
  end if;
  return host(address);
end;
$function$;

revoke all on function public.client_address_of(value text) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-client_address_settings.sql
-- ==================================================================================================

-- ---------------------------------------------------------------------------
-- The deployment's setting: which request header carries the client address
-- ---------------------------------------------------------------------------

create table public.client_address_settings (
  single_row boolean not null default true,
  header text not null default 'cf-connecting-ip'::text,
  constraint client_address_settings_pkey PRIMARY KEY (single_row),
  constraint client_address_settings_header_check CHECK (header ~ '^[a-z0-9-]+$'::text),
  constraint client_address_settings_single_row_check CHECK (single_row)
);

comment on table public.client_address_settings is 'Which request header carries the client address (lower case): one the deployment''s gateway sets and a client cannot. Hosted Supabase: cf-connecting-ip.';

-- No API role reads or writes this table directly.
revoke all on table public.client_address_settings from anon, authenticated, service_role;

alter table public.client_address_settings enable row level security;

-- Rows the schema holds from the start (they are part of it, not demo data).
insert into public.client_address_settings (single_row, header) values
  (true, 'cf-connecting-ip');

-- ==================================================================================================
-- supabase/schemas/02-common_word_bits.sql
-- ==================================================================================================

/** The bits set in a listing's marks, smallest first (the dictionary words its text contains). */

create or replace function public.common_word_bits(marks bigint)
  returns integer[]
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select coalesce(array_agg(b order by b), '{}') from generate_series(0, 63) as b where marks & (1::bigint << b) <> 0
$function$;

revoke all on function public.common_word_bits(marks bigint) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-common_word_marks.sql
-- ==================================================================================================

/** The bits of the dictionary words a text contains, in any case (0 for none). */

create or replace function public.common_word_marks(text text)
  returns bigint
  language sql
  stable parallel safe
  set search_path to ''
as $function$
  select coalesce(bit_or(1::bigint << c.bit), 0)
  from public.listing_common_words as c
  where strpos(lower(text), c.word) > 0
$function$;

revoke all on function public.common_word_marks(text text) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-complete_place_words.sql
-- ==================================================================================================

/**
 * As before (the complete-place-words migration), each row with its listing's creation time and leaving date, for
 * the listings leaving on a later date too; and first deletes the rows of homes whose leaving date has passed
 * (which the trigger cannot: time passes without a write), with their vocabulary counts.
 */

create or replace function public.complete_place_words(one_place text default NULL::text)
  returns integer
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  place text;
  added integer;
  completed integer := 0;
begin
  -- Writes to listings wait until the places are complete (reads go on).
  lock table public.listings in share mode;
  with gone as (
    delete from public.listing_place_words as p where p.off_market_at <= now() returning p.word
  )
  insert into public.listing_place_vocabulary as v (word, homes)
  select word, -count(*) from gone group by word order by word
  on conflict (word) do update set homes = v.homes + excluded.homes;

  for place in
    select v.word from public.listing_place_vocabulary as v
    where v.homes > 1000 and length(v.word) >= 4 and not v.complete and (one_place is null or v.word = one_place)
    order by v.word
  loop
    -- Planned for each place: its pattern decides how many homes the trigram index finds.
    execute format(
      'insert into public.listing_place_words
         (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
          latitude, longitude, marks, created_at, off_market_at)
       select %1$L, l.type, l.effective_price, l.id, l.bedrooms, l.bathrooms, l.parking, l.furnished, l.offer,
         l.status, l.latitude, l.longitude, public.common_word_marks(l.search_text), l.created_at, l.off_market_at
       from public.listings as l
       where (l.off_market_at is null or l.off_market_at > now())
         and l.search_text ilike %2$L
         and strpos(lower(l.search_text), %1$L) > 0
         and not exists (
           select 1 from public.listing_place_words as p where p.listing_id = l.id and p.word = %1$L
         )',
      place,
      '%' || place || '%'
    );
    get diagnostics added = row_count;
    update public.listing_place_vocabulary set homes = homes + added, complete = true where word = place;
    completed := completed + 1;
  end loop;
  return completed;
end;
$function$;

revoke all on function public.complete_place_words(one_place text) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-confirm_my_email.sql
-- ==================================================================================================

/*
 * Called by the app when a session arrives from an emailed link. The token's
 * `amr` claim lists how its session signed in: GoTrue writes `otp` (a code,
 * or an implicit-flow link on hosted), `magiclink` (a link through the PKCE
 * flow, and locally), `email/signup`, `recovery`, `invite` or `email_change`
 * for the other emailed links. Each proves the person read the address's mail
 * when the session began. The proof must be under 15 minutes old and the
 * token must name the account's current email, so an address changed since
 * the link was read is not confirmed by it.
 */

create or replace function public.confirm_my_email()
  returns boolean
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  caller uuid := (select auth.uid());
  address text;
begin
  if caller is null then
    raise exception 'Sign in to confirm your email' using errcode = '42501';
  end if;
  select u.email into address from auth.users as u where u.id = caller;
  if address is null then
    raise exception 'Sign in to confirm your email' using errcode = '42501';
  end if;

  if lower(coalesce(auth.jwt() ->> 'email', '')) <> lower(address) or not exists (
    select 1
    from jsonb_array_elements(
      case jsonb_typeof(auth.jwt() -> 'amr') when 'array' then auth.jwt() -> 'amr' else '[]'::jsonb end
    ) as entry
    where entry ->> 'method' in ('otp', 'magiclink', 'email/signup', 'recovery', 'invite', 'email_change')
      and (entry ->> 'timestamp') ~ '^[0-9]+$'
      and to_timestamp((entry ->> 'timestamp')::bigint) > now() - interval '15 minutes'
  ) then
    raise exception 'Open the link we emailed you to confirm your email' using errcode = 'P0001';
  end if;

  insert into public.email_confirmations (user_id, email, confirmed_at)
  values (caller, address, now())
  on conflict (user_id) do update set email = excluded.email, confirmed_at = excluded.confirmed_at;
  return true;
end;
$function$;

comment on function public.confirm_my_email() is 'Records the caller''s email as confirmed when their session comes from an emailed link opened in the last 15 minutes.';

revoke all on function public.confirm_my_email() from public, anon, authenticated, service_role;
grant execute on function public.confirm_my_email() to authenticated;

-- ==================================================================================================
-- supabase/schemas/02-conversation_open_to.sql
-- ==================================================================================================

-- Whether `sender` may write in `conversation_id` now: a participant the other side has not blocked.

create or replace function public.conversation_open_to(conversation_id uuid, sender uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to ''
as $function$
  select exists (
    select 1
    from public.conversations as c
    where c.id = conversation_open_to.conversation_id
      and conversation_open_to.sender in (c.hunter_id, c.landlord_id)
      and (
        conversation_open_to.sender = auth.uid()
        or (auth.uid() is null and coalesce(auth.role(), '') not in ('anon', 'authenticated'))
      )
      and (case when c.hunter_id = conversation_open_to.sender then c.landlord_id else c.hunter_id end) is not null
      and not exists (
        select 1 from public.blocked_senders as b
        where b.blocked_id = conversation_open_to.sender
          and b.blocker_id = case when c.hunter_id = conversation_open_to.sender then c.landlord_id else c.hunter_id end
      )
  );
$function$;

comment on function public.conversation_open_to(conversation_id uuid, sender uuid) is 'Whether the caller (sender) may write in their conversation now: the other side still has an account and has not blocked them. False about anyone else''s.';

revoke all on function public.conversation_open_to(conversation_id uuid, sender uuid) from public, anon, authenticated, service_role;
grant execute on function public.conversation_open_to(conversation_id uuid, sender uuid) to authenticated;
grant execute on function public.conversation_open_to(conversation_id uuid, sender uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-count_listing_clusters.sql
-- ==================================================================================================

/**
 * Moves the listings a statement changed between cells: departed rows
 * (updated or deleted) leave theirs, arrived rows (inserted or updated) join
 * theirs. One grouped upsert per transition table, so a bulk insert of a
 * million listings costs one pass; cells are written in key order, so two
 * statements touching the same cells wait for each other instead of
 * deadlocking. Security definer: the table is written by nobody else.
 */

create or replace function public.count_listing_clusters()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into public.listing_clusters as c
      (cell, cell_x, cell_y, type, offer, leaves_on, homes, latitude_sum, longitude_sum)
    select size.cell, floor(r.longitude / size.cell)::integer, floor(r.latitude / size.cell)::integer,
      r.type, r.offer, coalesce((r.off_market_at at time zone 'UTC')::date, 'infinity'::date),
      -count(*), -sum(r.latitude), -sum(r.longitude)
    from departed as r
    cross join (values (1.0::double precision), (0.25), (0.0625), (0.015625)) as size (cell)
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (cell, cell_x, cell_y, type, offer, leaves_on) do update set
      homes = c.homes + excluded.homes,
      latitude_sum = c.latitude_sum + excluded.latitude_sum,
      longitude_sum = c.longitude_sum + excluded.longitude_sum;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.listing_clusters as c
      (cell, cell_x, cell_y, type, offer, leaves_on, homes, latitude_sum, longitude_sum)
    select size.cell, floor(r.longitude / size.cell)::integer, floor(r.latitude / size.cell)::integer,
      r.type, r.offer, coalesce((r.off_market_at at time zone 'UTC')::date, 'infinity'::date),
      count(*), sum(r.latitude), sum(r.longitude)
    from arrived as r
    cross join (values (1.0::double precision), (0.25), (0.0625), (0.015625)) as size (cell)
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (cell, cell_x, cell_y, type, offer, leaves_on) do update set
      homes = c.homes + excluded.homes,
      latitude_sum = c.latitude_sum + excluded.latitude_sum,
      longitude_sum = c.longitude_sum + excluded.longitude_sum;
  end if;
  return null;
end;
$function$;

revoke all on function public.count_listing_clusters() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-count_listings.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * count_listings: a search's count, capped
 * ---------------------------------------------------------------------------
 * The filters are the search's (search-query.ts): each of `words` (the
 * search's words, split and cleaned by the app, joined by spaces) matched by
 * `search_text ilike '%word%'`, exactly as the app asks PostgREST; type, price
 * range (on the price a person pays), least bedrooms and bathrooms, parking,
 * furnished, on offer, available only (not under offer, sold STC or let
 * agreed) and the map's box. Returns the number of matches when it is at most
 * 1,000, else 1,001: it reads at most 1,001 rows whatever the table holds.
 *
 * The statement is built from the filters that are set (each value passed
 * as a parameter, never as text), so each call is planned for its own
 * filters and values. It counts the homes market_listings shows (every list
 * and search reads that view), so a count covers exactly the homes the
 * search can list: first from the rows of a busy place one of the words
 * names (listing_place_words), then from the homes marked with the words
 * (listing_word_marks), then from an eighth of the listings with no leaving
 * date; the comment on the function below says when each is tried.
 *
 * It is security definer: nobody but it and their triggers reads those
 * tables, and its answer does not depend on the caller (a number of homes on
 * the market, which anyone may count through market_listings). Its arguments
 * only choose which of its fixed conditions apply.
 */

create or replace function public.count_listings(words text default ''::text, type text default NULL::text, min_price integer default NULL::integer, max_price integer default NULL::integer, min_beds integer default NULL::integer, min_baths integer default NULL::integer, parking boolean default false, furnished boolean default false, offer boolean default false, available_only boolean default false, west double precision default NULL::double precision, south double precision default NULL::double precision, east double precision default NULL::double precision, north double precision default NULL::double precision)
  returns integer
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  patterns text[] := array(
    select '%' || word || '%' from unnest(string_to_array(coalesce(words, ''), ' ')) as word where word <> ''
  );
  word_conditions text[] := array['true'];
  conditions text[] := array['true'];
  -- The eighth: listings with no leaving date whose ids run from 00000000-… up to 1fffffff-…, those of
  -- listings_search_text_eighth_idx; the same ids written as listings_price_eighth_idx's predicate,
  -- `id <= eighth_last`.
  eighth constant text := 'id < ''20000000-0000-0000-0000-000000000000''::uuid and off_market_at is null';
  eighth_last constant text := '1fffffff-ffff-ffff-ffff-ffffffffffff';
  -- The eighth is read when the planner expects it to hold about 1,001 matches (8 x 1,001): read in vain
  -- it costs a third more than counting the whole at once, and found there it saves two thirds or more.
  eighth_worth_it constant double precision := 8000;
  -- With a price, the eighth reads only the homes that match both word and price, so read in vain it costs
  -- little: it is tried from half as many, as the planner's estimate of word and price together is rough.
  priced_eighth_worth_it constant double precision := 4000;
  priced boolean := min_price is not null or max_price is not null;
  -- How many of a place's rows of the search's type and price a try reads at most (about 0.6 ms in vain).
  place_rows constant integer := 10000;
  place text;
  -- Whether the place's rows are complete: a row for every home with no leaving date whose text contains it.
  place_complete boolean;
  -- How many rows of the place a try reads at most.
  place_limit integer;
  -- How many rows of the search's type and price a try of listing_word_marks reads at most (about 1.5 ms in vain).
  word_rows constant integer := 20000;
  -- For each word of the search, the bits of the dictionary words containing it (0 if none does).
  marks bigint[] := '{}';
  mark_conditions text[] := array['true'];
  -- In a place's try, the marks the search's other words need.
  other_marks text[];
  -- Whether each word of the search is a dictionary word itself (not only part of one), and whether all are.
  dictionary_words boolean[];
  exact_words boolean;
  -- The bits of the dictionary words the search's words are, when each is one.
  word_bits integer[];
  -- The count of the homes marked with those words, by the index of their bits; whether it is made, and when
  -- it is made first: when the planner expects no more homes with the words together than a try reads in vain.
  bits_sql text;
  by_bits boolean := false;
  few_together constant double precision := 10000;
  -- The homes leaving on a later date that match the search (those rows of neither table hold), at most %s.
  leaving_sql text;
  -- The conditions listing_place_words' and listing_word_marks' indexes read (type and price), and those checked
  -- on their rows.
  place_keys text[];
  place_filters text[];
  plan json;
  expected double precision := 0;
  counted integer := 0;
  rest integer;
begin
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    word_conditions := array_append(word_conditions, format('search_text ilike ($1)[%s]', i));
  end loop;
  if type is not null then conditions := array_append(conditions, 'type = $2'); end if;
  if min_price is not null then conditions := array_append(conditions, 'effective_price >= $3'); end if;
  if max_price is not null then conditions := array_append(conditions, 'effective_price <= $4'); end if;
  if min_beds is not null then conditions := array_append(conditions, 'bedrooms >= $5'); end if;
  if min_baths is not null then conditions := array_append(conditions, 'bathrooms >= $6'); end if;
  if parking then conditions := array_append(conditions, 'parking'); end if;
  if furnished then conditions := array_append(conditions, 'furnished'); end if;
  -- listings_type_amenities_price_idx serves counts with parking or furnished, and only them (its migration).
  if parking or furnished then conditions := array_append(conditions, 'version > 0'); end if;
  if offer then conditions := array_append(conditions, 'offer'); end if;
  if available_only then conditions := array_append(conditions, 'status = ''available'''); end if;
  if west is not null and south is not null and east is not null and north is not null then
    conditions := conditions
      || array['longitude >= $7', 'longitude <= $8', 'latitude >= $9', 'latitude <= $10'];
  end if;

  place_keys := array['true'] || array(
    select c from unnest(conditions) as c where c like 'type %' or c like 'effective_price %'
  );
  place_filters := array(
    select c from unnest(conditions) as c
    where not (c like 'type %' or c like 'effective_price %') and c <> 'version > 0'
  );

  leaving_sql := format(
    'select count(*)::integer from (
       select from public.market_listings where off_market_at > now() and %s limit %%s
     ) as capped',
    array_to_string(word_conditions || conditions, ' and ')
  );

  dictionary_words := array(
    select exists (select 1 from public.listing_common_words as c where '%' || c.word || '%' = lower(p.pattern))
    from unnest(patterns) with ordinality as p (pattern, i)
    order by p.i
  );
  exact_words := true = all (dictionary_words);
  word_bits := array(
    select c.bit::integer
    from unnest(patterns) as p (pattern)
      join public.listing_common_words as c on '%' || c.word || '%' = lower(p.pattern)
  );

  -- For each word of the search, the bits of the dictionary words containing it (0 if none does).
  marks := array(
    select coalesce(bit_or(1::bigint << c.bit), 0)
    from unnest(patterns) with ordinality as p (pattern, i)
    left join public.listing_common_words as c on c.word like lower(p.pattern)
    group by p.i
    order by p.i
  );

  -- A busy place whose name contains a word of the search: that place's homes all match the word, so
  -- 1,001 of them that pass the filters, and are marked with a dictionary word containing each other word
  -- of the search, are the count, read from listing_place_words' index alone. Each place is counted apart
  -- (a home with two such words would count twice together). A try reads at most place_rows of the
  -- place's rows of the search's type and price, so a search whose other filters leave few of them costs
  -- little in vain: any 1,001 matches prove the count.
  --
  -- Fewer than 1,001 are the count when the place is complete and is the word itself, each other word is a
  -- dictionary word (so the marks say exactly which homes have it), and the try read every row of the place's
  -- type and price: then it counted every match with no leaving date, and those leaving later are counted apart.
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    continue when exists (select 1 from unnest(marks) with ordinality as m (bits, j) where j <> i and bits = 0);
    other_marks := array(
      select format('marks & ($12)[%s] <> 0', j) from generate_series(1, array_length(patterns, 1)) as j
      where j <> i
    );
    for place, place_complete in
      select v.word, v.complete from public.listing_place_vocabulary as v
      where v.homes > 1000 and v.word like lower(patterns[i])
      order by v.homes desc, v.word
      limit 3
    loop
      -- With other words, fewer of the place's homes match: as many rows as a try of the marks.
      place_limit := case when cardinality(other_marks) > 0 then word_rows else place_rows end;
      execute format(
        'select count(*)::integer from (
           select from (
             select listing_id, marks, bedrooms, bathrooms, parking, furnished, offer, status, longitude, latitude
             from public.listing_place_words
             where word = $11 and off_market_at is null and %s
             limit %s
           ) as l
           where %s
             and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.listing_id)
           limit 1001
         ) as capped',
        array_to_string(place_keys, ' and '),
        place_limit,
        array_to_string(array['true'] || other_marks || place_filters, ' and ')
      )
      into counted
      using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place, marks;
      if counted > 1000 then
        return counted;
      end if;
      if place_complete and lower(patterns[i]) = '%' || place || '%'
        and true = all (array(select d from unnest(dictionary_words) with ordinality as w (d, j) where j <> i))
      then
        execute format(
          'select count(*)::integer from (
             select from public.listing_place_words where word = $11 and off_market_at is null and %s limit %s
           ) as read',
          array_to_string(place_keys, ' and '),
          place_limit
        )
        into rest
        using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place;
        if rest < place_limit then
          execute format(leaving_sql, 1001 - counted)
          into rest
          using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
          return counted + rest;
        end if;
      end if;
    end loop;
  end loop;
  counted := 0;

  if array_length(patterns, 1) > 0 then
    -- Every word of the search contained in a dictionary word: homes marked with those words match the
    -- search, so 1,001 of them that pass the filters are the count, read from listing_word_marks' index
    -- alone (at most word_rows of its rows of the search's type and price, as a place's try).
    if 0 <> all (marks) then
      for i in 1 .. array_length(marks, 1) loop
        mark_conditions := array_append(mark_conditions, format('marks & ($12)[%s] <> 0', i));
      end loop;
      -- Each word a dictionary word: the homes marked with every one are the matches with no leaving date, found
      -- by the index of their bits (or with the type and price index too, as the planner judges), the filters
      -- checked on them. When few homes have the words together, as the planner reckons from the bits'
      -- statistics, they are counted so at once: a try would read in vain.
      if exact_words then
        bits_sql := format(
          'select count(*)::integer from (
             select from public.listing_word_marks as l
             where public.common_word_bits(marks) @> $13 and %s and %s
               and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.listing_id)
             limit 1001
           ) as capped',
          array_to_string(place_keys, ' and '),
          array_to_string(array['true'] || place_filters, ' and ')
        );
        execute 'explain (format json) select from public.listing_word_marks where public.common_word_bits(marks) @> $1'
        into plan
        using word_bits;
        by_bits := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision <= few_together;
      end if;
      if not by_bits then
        execute format(
          'select count(*)::integer from (
             select from (
               select listing_id, marks, bedrooms, bathrooms, parking, furnished, offer, status, longitude, latitude
               from public.listing_word_marks
               where %s
               limit %s
             ) as l
             where %s and %s
               and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.listing_id)
             limit 1001
           ) as capped',
          array_to_string(place_keys, ' and '),
          word_rows,
          array_to_string(mark_conditions, ' and '),
          array_to_string(place_filters, ' and ')
        )
        into counted
        using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place, marks;
        if counted > 1000 then
          return counted;
        end if;
        -- Fewer than 1,001. When each word of the search is itself a dictionary word, a home matches it exactly
        -- when it is marked with it, so if the try read every row of the search's type and price, it counted
        -- every match among listings with no leaving date; if not, the words' index counts them.
        if exact_words then
          execute format(
            'select count(*)::integer from (select from public.listing_word_marks where %s limit %s) as read',
            array_to_string(place_keys, ' and '),
            word_rows
          )
          into rest
          using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
          by_bits := rest >= word_rows;
        end if;
      end if;
      if by_bits then
        execute bits_sql
        into counted
        using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north, place, marks,
          word_bits;
        if counted > 1000 then
          return counted;
        end if;
      end if;
      if exact_words then
        -- Those leaving on a later date are counted apart.
        execute format(leaving_sql, 1001 - counted)
        into rest
        using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
        return counted + rest;
      end if;
      counted := 0;
    end if;

    -- How many the planner expects (from the column statistics, which market_listings lets it read).
    execute format(
      'explain (format json) select from public.market_listings where %s',
      array_to_string(word_conditions || conditions, ' and ')
    )
    into plan
    using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
    expected := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
  end if;

  if priced and expected >= priced_eighth_worth_it then
    -- The eighth first, through the eighth's trigram index and its price index together: the planner ANDs
    -- the two bitmaps (each an eighth of the whole one's size), and reads only homes that match both.
    execute format(
      'select count(*)::integer from (
         select from public.market_listings where %s and id <= %L::uuid and %s limit 1001
       ) as capped',
      eighth,
      eighth_last,
      array_to_string(word_conditions || conditions, ' and ')
    )
    into counted
    using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
  elsif expected >= eighth_worth_it then
    -- The eighth first. `offset 0` keeps the other filters out of the inner scan, so it reads the eighth's
    -- trigram index alone and checks the filters on its rows as they come, until 1,001 pass.
    execute format(
      'select count(*)::integer from (
         select from (
           select type, effective_price, bedrooms, bathrooms, parking, furnished, offer, status, longitude, latitude
           from public.market_listings
           where %s and %s
           offset 0
         ) as eighth
         where %s
         limit 1001
       ) as capped',
      eighth,
      array_to_string(word_conditions, ' and '),
      array_to_string(conditions, ' and ')
    )
    into counted
    using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
  end if;
  if (priced and expected >= priced_eighth_worth_it) or expected >= eighth_worth_it then
    if counted > 1000 then
      return counted;
    end if;
    -- The eighth is counted whole: the rest, every listing outside it, needs only what it lacks of 1,001.
    conditions := array_append(conditions, format('not (%s)', eighth));
  end if;

  execute format(
    'select count(*)::integer from (select from public.market_listings where %s limit %s) as capped',
    array_to_string(word_conditions || conditions, ' and '),
    1001 - counted
  )
  into rest
  using patterns, type, min_price, max_price, min_beds, min_baths, west, east, south, north;
  return counted + rest;
end;
$function$;

comment on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) is 'How many homes on the market match a search: exact up to 1,000, else 1,001 (reads at most 1,001 matches; a search counts first the homes of a busy place one of its words names, marked with its other words, exactly when the place is complete, then the homes marked with its words (exactly, by an index of their bits, when all are dictionary words), then an eighth of the listings with no leaving date).';

revoke all on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) from public, anon, authenticated, service_role;
grant execute on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) to anon;
grant execute on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) to authenticated;
grant execute on function public.count_listings(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-drop_viewing_reminders.sql
-- ==================================================================================================

-- A cancelled or declined viewing owes no reminder.

create or replace function public.drop_viewing_reminders(booking_id uuid)
  returns void
  language sql
  security definer
  set search_path to ''
as $function$
  delete from public.viewing_reminders as r
  where r.booking_id = drop_viewing_reminders.booking_id and r.sent_at is null;
$function$;

revoke all on function public.drop_viewing_reminders(booking_id uuid) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-email_confirmations.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Confirmed emails
 * ---------------------------------------------------------------------------
 * With "Confirm email" off, Auth confirms every address at sign-up, so
 * auth.users.email_confirmed_at proves nothing. A confirmation here is written
 * only by public.confirm_my_email, when the caller's token says it was issued
 * by opening an emailed link or code minutes ago.
 */

create table public.email_confirmations (
  user_id uuid not null,
  email text not null,
  confirmed_at timestamp with time zone not null default now(),
  constraint email_confirmations_pkey PRIMARY KEY (user_id),
  constraint email_confirmations_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.email_confirmations is 'Addresses people proved they read (an emailed link opened), for reports that count; written by confirm_my_email only.';

-- The API roles get only what is granted here.
revoke all on table public.email_confirmations from anon, authenticated, service_role;
grant select on table public.email_confirmations to authenticated;
grant select, insert, update, delete on table public.email_confirmations to service_role;

alter table public.email_confirmations enable row level security;

create policy "People can see their own email confirmation"
  on public.email_confirmations for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

-- ==================================================================================================
-- supabase/schemas/02-email_is_confirmed.sql
-- ==================================================================================================

-- Whether the person's current email is proven: by an opened link, or by a Google identity with that address.

create or replace function public.email_is_confirmed(person uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to ''
as $function$
  select exists (
    select 1
    from auth.users as u
    where u.id = person
      and (
        exists (
          select 1 from public.email_confirmations as c
          where c.user_id = u.id and lower(c.email) = lower(u.email)
        )
        -- Google only hands out addresses it has verified; one that says otherwise does not count.
        or exists (
          select 1 from auth.identities as i
          where i.user_id = u.id
            and i.provider = 'google'
            and lower(i.identity_data ->> 'email') = lower(u.email)
            and coalesce(i.identity_data ->> 'email_verified', 'true') <> 'false'
        )
      )
  );
$function$;

comment on function public.email_is_confirmed(person uuid) is 'Whether the person proved they read their current email address (an opened link, or Google).';

revoke all on function public.email_is_confirmed(person uuid) from public, anon, authenticated, service_role;
grant execute on function public.email_is_confirmed(person uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-end_password_check.sql
-- ==================================================================================================

-- A check that did not count against anyone (the password was right, or Auth could not check it) is forgotten.

create or replace function public.end_password_check(try_id bigint, counts boolean)
  returns void
  language sql
  set search_path to ''
as $function$
  delete from public.account_function_tries as t
  where t.id = end_password_check.try_id and not end_password_check.counts;
$function$;

revoke all on function public.end_password_check(try_id bigint, counts boolean) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-enforce_publishing_limits.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Publishing limits
 * ---------------------------------------------------------------------------
 * One account publishes at most 20 new listings in any 24 hours and holds at
 * most 200 in all. The database refuses the 21st (or the 201st) with a message
 * the listing form shows as it is; a draft waiting on the device keeps its
 * place and shows the same reason. The limits bind API callers (anon,
 * authenticated); the service role and the table owner (seeding, maintenance)
 * are not held to them.
 */

create or replace function public.enforce_publishing_limits()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  publisher uuid := auth.uid();
begin
  if not (current_user in ('anon', 'authenticated') or coalesce(auth.role(), '') in ('anon', 'authenticated'))
     or publisher is null then
    return new;
  end if;

  -- One publisher's listings are counted one at a time, so two at once cannot both take the last place.
  -- The lock comes before the look for the same id: a repeat waiting on it then sees the first one's row.
  perform pg_advisory_xact_lock(hashtextextended('listings:' || publisher::text, 0));
  -- The same listing sent again (a draft's publish repeated): ON CONFLICT takes it once, so it costs nothing.
  if new.id is not null and exists (select 1 from public.listings as l where l.id = new.id) then
    return new;
  end if;

  delete from public.listing_publishes as p
  where p.user_id = publisher and p.published_at <= now() - interval '1 day';
  if (
    (select count(*) from public.listing_publishes as p where p.user_id = publisher)
    -- Listings of the day that no API publish wrote (seeded, or older than the log): counted as rows.
    + (
      select count(*) from public.listings as l
      where l.user_ref = publisher and l.created_at > now() - interval '1 day'
        and not exists (
          select 1 from public.listing_publishes as p where p.user_id = publisher and p.listing_id = l.id
        )
    )
  ) >= 20 then
    raise exception 'You can publish up to 20 new listings a day. Please try again tomorrow.'
      using errcode = 'P0001', hint = 'publishing_limit_daily';
  end if;
  if (select count(*) from public.listings as l where l.user_ref = publisher) >= 200 then
    raise exception 'You can have up to 200 listings. Delete one to publish another.'
      using errcode = 'P0001', hint = 'publishing_limit_total';
  end if;

  -- stamp_listing gives an API caller's listing its id when it has none; this is the same one.
  new.id := coalesce(new.id, gen_random_uuid());
  insert into public.listing_publishes (user_id, listing_id) values (publisher, new.id);
  return new;
end;
$function$;

comment on function public.enforce_publishing_limits() is 'Refuses a new listing beyond 20 publishes a day (deleted ones count) or 200 listings in all (API callers only); logs each API publish.';

revoke all on function public.enforce_publishing_limits() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-finish_alert_batch.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The sender's side of the queue (service role only)
 * ---------------------------------------------------------------------------
 * alert_batches_due(mode): the saved searches with something to send now.
 * Instant: every pending delivery of an instant search. Daily: once London
 * time has passed 08:00, the deliveries of daily searches queued before
 * today's 08:00, so each search gets at most one digest a day, and none when
 * nothing is new.
 *
 * claim_alert_batch(search, mode): in the caller's transaction, locks the
 * search's due deliveries (`for update skip locked`: a concurrent sender
 * skips them) and returns them with what the push says. Homes the person has
 * seen since (published before they last opened the search) are marked sent
 * without a push.
 *
 * finish_alert_batch(ids, error): marks the deliveries sent, or records a
 * failed attempt: retried after 1, 4, 9, 16 minutes, given up at the 5th.
 */

create or replace function public.finish_alert_batch(delivery_ids bigint[], error text default NULL::text)
  returns void
  language sql
  set search_path to ''
as $function$
  update public.alert_deliveries
  set sent_at = case when error is null then now() end,
      attempts = attempts + 1,
      last_error = error,
      next_attempt_at = case when error is null then next_attempt_at
        else now() + make_interval(mins => (attempts + 1) * (attempts + 1)) end,
      gave_up_at = case when error is not null and attempts + 1 >= 5 then now() end
  where id = any(delivery_ids);
$function$;

revoke all on function public.finish_alert_batch(delivery_ids bigint[], error text) from public, anon, authenticated, service_role;
grant execute on function public.finish_alert_batch(delivery_ids bigint[], error text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-finish_message_email.sql
-- ==================================================================================================

/**
 * Settles a claimed email: `sent` or `skipped`, or with an error a failed attempt, retried after 1, 2, 4…
 * minutes (at most an hour apart) and given up after 8 tries.
 */

create or replace function public.finish_message_email(email_id bigint, outcome text default 'sent'::text, error text default NULL::text)
  returns void
  language sql
  set search_path to ''
as $function$
  update public.message_emails as q
  set attempts = q.attempts + case when finish_message_email.outcome = 'skipped' then 0 else 1 end,
      last_error = finish_message_email.error,
      outcome = case
        when finish_message_email.error is null then finish_message_email.outcome
        when q.attempts + 1 >= 8 then 'gave-up'
      end,
      sent_at = case when finish_message_email.error is null or q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts), 60) * interval '1 minute'
  where q.id = finish_message_email.email_id;
$function$;

revoke all on function public.finish_message_email(email_id bigint, outcome text, error text) from public, anon, authenticated, service_role;
grant execute on function public.finish_message_email(email_id bigint, outcome text, error text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-finish_message_push.sql
-- ==================================================================================================

-- Marks a claimed push sent, or records a failed attempt: retried with backoff, given up after 8 tries.

create or replace function public.finish_message_push(push_id bigint, error text default NULL::text)
  returns void
  language sql
  set search_path to ''
as $function$
  update public.message_pushes as q
  set attempts = q.attempts + 1,
      last_error = finish_message_push.error,
      sent_at = case when finish_message_push.error is null then now() end,
      gave_up_at = case when finish_message_push.error is not null and q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts + 1), 60) * interval '1 minute'
  where q.id = finish_message_push.push_id;
$function$;

revoke all on function public.finish_message_push(push_id bigint, error text) from public, anon, authenticated, service_role;
grant execute on function public.finish_message_push(push_id bigint, error text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-finish_saved_home_push.sql
-- ==================================================================================================

-- Marks a claimed push sent, or records a failed attempt: retried with backoff, given up after 8 tries.

create or replace function public.finish_saved_home_push(push_id bigint, error text default NULL::text)
  returns void
  language sql
  set search_path to ''
as $function$
  update public.saved_home_pushes as q
  set attempts = q.attempts + 1,
      last_error = finish_saved_home_push.error,
      sent_at = case when finish_saved_home_push.error is null then now() end,
      gave_up_at = case when finish_saved_home_push.error is not null and q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts + 1), 60) * interval '1 minute'
  where q.id = finish_saved_home_push.push_id;
$function$;

revoke all on function public.finish_saved_home_push(push_id bigint, error text) from public, anon, authenticated, service_role;
grant execute on function public.finish_saved_home_push(push_id bigint, error text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-finish_viewing_reminder.sql
-- ==================================================================================================

-- Marks a claimed reminder sent, or records a failed attempt: retried with backoff, given up after 8 tries.

create or replace function public.finish_viewing_reminder(reminder_id bigint, error text default NULL::text)
  returns void
  language sql
  set search_path to ''
as $function$
  update public.viewing_reminders as q
  set attempts = q.attempts + 1,
      last_error = finish_viewing_reminder.error,
      sent_at = case when finish_viewing_reminder.error is null or q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts + 1), 60) * interval '1 minute'
  where q.id = finish_viewing_reminder.reminder_id;
$function$;

revoke all on function public.finish_viewing_reminder(reminder_id bigint, error text) from public, anon, authenticated, service_role;
grant execute on function public.finish_viewing_reminder(reminder_id bigint, error text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-forget_account_function_tries.sql
-- ==================================================================================================

-- A deleted account leaves nothing that names it: its tries go with its profile (which goes with the auth
-- user). Deleting takes the right password, and the tries that go were guesses at that account's password
-- only, so nobody gains a guess elsewhere by it.

create or replace function public.forget_account_function_tries()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  delete from public.account_function_tries as t where t.account_id = old.id;
  return old;
end;
$function$;

revoke all on function public.forget_account_function_tries() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-forget_stale_account_function_tries.sql
-- ==================================================================================================

-- Up to 100 tries past the hour (every limit here is an hour or shorter), skipping rows another call holds.

create or replace function public.forget_stale_account_function_tries()
  returns void
  language sql
  set search_path to ''
as $function$
  delete from public.account_function_tries as t
  where t.ctid = any (array(
    select s.ctid from public.account_function_tries as s
    where s.tried_at <= now() - interval '1 hour'
    limit 100
    for update skip locked
  ));
$function$;

revoke all on function public.forget_stale_account_function_tries() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-function_runs.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Scheduled functions' runs
 * ---------------------------------------------------------------------------
 * The senders record each run at its end (supabase/functions/_shared/
 * function-runs.ts); function_schedules mirrors supabase/functions/
 * schedules.json with each schedule's period, so a schedule that never ran
 * shows too.
 */

create table public.function_runs (
  id bigint generated always as identity,
  schedule text not null,
  started_at timestamp with time zone not null,
  finished_at timestamp with time zone not null default now(),
  outcome text not null,
  detail text not null default ''::text,
  constraint function_runs_pkey PRIMARY KEY (id),
  constraint function_runs_outcome_valid CHECK (outcome = ANY (ARRAY['ok'::text, 'failed'::text]))
);

comment on table public.function_runs is 'One row per run of a scheduled function, written at its end; the last week is kept.';

create index function_runs_latest ON public.function_runs using btree (schedule, finished_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.function_runs from anon, authenticated, service_role;
grant select on table public.function_runs to service_role;

-- Its identity's sequence.
revoke all on sequence function_runs_id_seq from anon, authenticated, service_role;

alter table public.function_runs enable row level security;

create policy "The service role reads the runs"
  on public.function_runs for select to service_role
  using (true);

-- ==================================================================================================
-- supabase/schemas/02-function_schedules.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Scheduled functions' runs
 * ---------------------------------------------------------------------------
 * The senders record each run at its end (supabase/functions/_shared/
 * function-runs.ts); function_schedules mirrors supabase/functions/
 * schedules.json with each schedule's period, so a schedule that never ran
 * shows too.
 */

create table public.function_schedules (
  schedule text not null,
  period_seconds integer not null,
  constraint function_schedules_pkey PRIMARY KEY (schedule),
  constraint function_schedules_period_seconds_check CHECK (period_seconds > 0)
);

comment on table public.function_schedules is 'The scheduled functions (supabase/functions/schedules.json) and how often each should run.';

-- The API roles get only what is granted here.
revoke all on table public.function_schedules from anon, authenticated, service_role;
grant select on table public.function_schedules to service_role;

alter table public.function_schedules enable row level security;

create policy "The service role reads the schedules"
  on public.function_schedules for select to service_role
  using (true);

-- Rows the schema holds from the start (they are part of it, not demo data).
insert into public.function_schedules (schedule, period_seconds) values
  ('send-alerts-daily', 60),
  ('send-alerts-instant', 60),
  ('send-emails', 60);

-- ==================================================================================================
-- supabase/schemas/02-handle_new_user.sql
-- ==================================================================================================

-- Name from the sign-up form (`name`), else Google's `full_name`, else the email's local part.

create or replace function public.handle_new_user()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  insert into public.profiles (id, name, email)
  values (
    new.id,
    -- Cut, not refused: a sign-up must not fail on what Google says a name is.
    rtrim(left(coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
      nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
      nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
      ''
    ), 80)),
    new.email
  );
  return new;
end;
$function$;

revoke all on function public.handle_new_user() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-handle_user_email_change.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Keeping profiles in step with auth.users
 * ---------------------------------------------------------------------------
 * Security definer because Supabase Auth writes auth.users as its own role;
 * an empty search_path keeps the function from resolving names a caller chose.
 */

create or replace function public.handle_user_email_change()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$function$;

revoke all on function public.handle_user_email_change() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-hide_reported_listing.sql
-- ==================================================================================================

-- Three open reports from different people (one per person by the unique key) hide the listing.

create or replace function public.hide_reported_listing()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  address text := public.request_client_address();
  why_not text;
begin
  -- One listing's reports are judged one at a time, so two from one address cannot both count.
  perform pg_advisory_xact_lock(hashtextextended('listing_reports:' || new.listing_id::text, 0));

  why_not := case
    when not public.email_is_confirmed(new.reporter_id) then 'email not confirmed'
    when not exists (
      select 1 from auth.users as u
      where u.id = new.reporter_id and u.created_at <= now() - interval '24 hours'
    ) then 'account less than 24 hours old'
    when exists (
      select 1
      from public.listing_report_origins as o
      join public.listing_reports as r on r.id = o.report_id
      where o.listing_id = new.listing_id
        and o.counts
        and o.client_address = address
        and r.reviewed_at is null
    ) then 'same address as another counted report'
  end;

  insert into public.listing_report_origins (report_id, listing_id, client_address, counts, not_counted_because)
  values (new.id, new.listing_id, address, why_not is null, why_not);

  if why_not is null and (
    select count(*)
    from public.listing_report_origins as o
    join public.listing_reports as r on r.id = o.report_id
    where o.listing_id = new.listing_id and o.counts and r.reviewed_at is null
  ) >= 3 then
    insert into public.listing_review_holds (listing_id, landlord_id, held_at)
    select l.id, l.user_ref, now() from public.listings as l where l.id = new.listing_id
    on conflict (listing_id) do nothing;
  end if;
  return null;
end;
$function$;

revoke all on function public.hide_reported_listing() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-is_moderator.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The moderator role
 * ---------------------------------------------------------------------------
 */

create or replace function public.is_moderator()
  returns boolean
  language sql
  stable security definer
  set search_path to ''
as $function$
  select coalesce(auth.jwt() -> 'app_metadata' -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb
    and exists (
      select 1 from auth.users as u
      where u.id = (select auth.uid())
        and coalesce(u.raw_app_meta_data -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb
    );
$function$;

comment on function public.is_moderator() is 'Whether the caller is a moderator: app_metadata.roles holds "moderator" in their token and in Auth now.';

revoke all on function public.is_moderator() from public, anon, authenticated, service_role;
grant execute on function public.is_moderator() to authenticated;
grant execute on function public.is_moderator() to service_role;

-- ==================================================================================================
-- supabase/schemas/02-keep_listing_place_words.sql
-- ==================================================================================================

/**
 * As before (the place-words-with-marks migration), each row with its listing's creation time and leaving date,
 * and rows for the listings leaving on a later date as well.
 */

create or replace function public.keep_listing_place_words()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'DELETE' then
    with gone as (
      delete from public.listing_place_words as p using departed as d where p.listing_id = d.id
      returning p.word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, -count(*) from gone group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;
    return null;
  end if;

  if tg_op = 'INSERT' then
    with added as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude, marks, created_at, off_market_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at, a.off_market_at
      from arrived as a
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m, public.place_words_of(a.location) as w (word)
      where (a.off_market_at is null or a.off_market_at > now())
      returning word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, count(*) from added group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;

    -- Then the busy places their texts name.
    with named as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude, marks, created_at, off_market_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at, a.off_market_at
      from arrived as a
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m,
        public.places_named_in(a.name || ' ' || coalesce(a.description, ''), a.location) as w (word)
      where (a.off_market_at is null or a.off_market_at > now())
      returning word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, count(*) from named group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;
  else
    with moved as (
      select d.id from departed as d join arrived as a on a.id = d.id
      where (d.location, d.name, d.description, d.type, d.effective_price, d.bedrooms, d.bathrooms, d.parking,
             d.furnished, d.offer, d.status, d.off_market_at, d.latitude, d.longitude)
        is distinct from
            (a.location, a.name, a.description, a.type, a.effective_price, a.bedrooms, a.bathrooms, a.parking,
             a.furnished, a.offer, a.status, a.off_market_at, a.latitude, a.longitude)
    ),
    gone as (
      delete from public.listing_place_words as p
      where p.listing_id in (select id from moved)
      returning p.word, -1 as homes
    ),
    added as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude, marks, created_at, off_market_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at, a.off_market_at
      from arrived as a
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m, public.place_words_of(a.location) as w (word)
      where a.id in (select id from moved) and (a.off_market_at is null or a.off_market_at > now())
      returning word, 1 as homes
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, sum(homes) from (select * from gone union all select * from added) as change
    group by word having sum(homes) <> 0 order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;

    -- Then the busy places named in the texts of those rewritten.
    with named as (
      insert into public.listing_place_words
        (word, type, effective_price, listing_id, bedrooms, bathrooms, parking, furnished, offer, status,
         latitude, longitude, marks, created_at, off_market_at)
      select w.word, a.type, a.effective_price, a.id, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
        a.status, a.latitude, a.longitude, m.marks, a.created_at, a.off_market_at
      from arrived as a
        join departed as d on d.id = a.id
        cross join lateral (select public.common_word_marks(a.search_text) as marks) as m,
        public.places_named_in(a.name || ' ' || coalesce(a.description, ''), a.location) as w (word)
      where (a.off_market_at is null or a.off_market_at > now())
        and (d.location, d.name, d.description, d.type, d.effective_price, d.bedrooms, d.bathrooms, d.parking,
             d.furnished, d.offer, d.status, d.off_market_at, d.latitude, d.longitude)
          is distinct from
            (a.location, a.name, a.description, a.type, a.effective_price, a.bedrooms, a.bathrooms, a.parking,
             a.furnished, a.offer, a.status, a.off_market_at, a.latitude, a.longitude)
      returning word
    )
    insert into public.listing_place_vocabulary as v (word, homes)
    select word, count(*) from named group by word order by word
    on conflict (word) do update set homes = v.homes + excluded.homes;
  end if;

  return null;
end;
$function$;

revoke all on function public.keep_listing_place_words() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-keep_listing_word_marks.sql
-- ==================================================================================================

/**
 * Moves a statement's listings in listing_word_marks: rows of departed
 * listings (deleted, or updated in a column the table holds or in their text)
 * go, and rows of arrived ones (inserted, or so updated) come, each only for a
 * listing with no leaving date and some dictionary word.
 */

create or replace function public.keep_listing_word_marks()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'INSERT' then
    insert into public.listing_word_marks
      (listing_id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
       longitude)
    select a.id, a.type, a.effective_price, a.marks, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
      a.status, a.latitude, a.longitude
    from (select *, public.common_word_marks(search_text) as marks from arrived where off_market_at is null) as a
    where a.marks <> 0;
  elsif tg_op = 'DELETE' then
    delete from public.listing_word_marks as m using departed as d where m.listing_id = d.id;
  else
    -- Listings whose row changes: it is updated where they keep a word, deleted where they no longer do.
    with moved as (
      select a.*, public.common_word_marks(a.search_text) as marks
      from arrived as a join departed as d on d.id = a.id
      where (d.search_text, d.type, d.effective_price, d.bedrooms, d.bathrooms, d.parking, d.furnished, d.offer,
             d.status, d.off_market_at, d.latitude, d.longitude)
        is distinct from
            (a.search_text, a.type, a.effective_price, a.bedrooms, a.bathrooms, a.parking, a.furnished, a.offer,
             a.status, a.off_market_at, a.latitude, a.longitude)
    ),
    gone as (
      delete from public.listing_word_marks as m
      using moved
      where m.listing_id = moved.id and (moved.off_market_at is not null or moved.marks = 0)
    )
    insert into public.listing_word_marks as m
      (listing_id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
       longitude)
    select id, type, effective_price, marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude,
      longitude
    from moved
    where off_market_at is null and marks <> 0
    on conflict (listing_id) do update set
      type = excluded.type, effective_price = excluded.effective_price, marks = excluded.marks,
      bedrooms = excluded.bedrooms, bathrooms = excluded.bathrooms, parking = excluded.parking,
      furnished = excluded.furnished, offer = excluded.offer, status = excluded.status,
      latitude = excluded.latitude, longitude = excluded.longitude;
  end if;
  return null;
end;
$function$;

revoke all on function public.keep_listing_word_marks() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-landlord_contact.sql
-- ==================================================================================================

/**
 * Landlord contact answers for a landlord with at least one listing on the
 * market (otherwise as before: the email only when shown, at most 20
 * landlords per address an hour). A landlord whose homes have all left the
 * market is no longer looked up.
 */

create or replace function public.landlord_contact(landlord_id uuid)
  returns table(name text, email text)
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  caller_address text := public.request_client_address();
begin
  if not exists (select 1 from public.market_listings as l where l.user_ref = landlord_contact.landlord_id) then
    return;
  end if;

  -- Up to 100 rows past the hour, of any address (rows another call is deleting are skipped): each call adds
  -- at most one row, so the table holds about an hour of reads.
  delete from public.landlord_contact_reads as r
  where r.ctid = any (array(
    select s.ctid from public.landlord_contact_reads as s
    where s.read_at <= now() - interval '1 hour'
    limit 100
    for update skip locked
  ));

  -- One address's reads are counted one at a time, so parallel requests cannot pass the limit together.
  perform pg_advisory_xact_lock(hashtextextended('landlord_contact:' || caller_address, 0));
  delete from public.landlord_contact_reads as r
  where r.address = caller_address and r.read_at <= now() - interval '1 hour';

  if not exists (
    select 1 from public.landlord_contact_reads as r
    where r.address = caller_address and r.landlord_id = landlord_contact.landlord_id
  ) then
    if (
      select count(*) from public.landlord_contact_reads as r where r.address = caller_address
    ) >= 20 then
      raise exception 'Too many landlords looked up from this address: try again in an hour'
        using errcode = 'PT429', hint = 'At most 20 different landlords per address an hour';
    end if;
    insert into public.landlord_contact_reads (address, landlord_id)
    values (caller_address, landlord_contact.landlord_id);
  end if;

  return query
    select p.name, case when p.show_email then p.email end
    from public.profiles as p
    where p.id = landlord_contact.landlord_id;
end;
$function$;

comment on function public.landlord_contact(landlord_id uuid) is 'Name of a user with at least one listing on the market, and their email when they show it; at most 20 different landlords per client address an hour.';

revoke all on function public.landlord_contact(landlord_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.landlord_contact(landlord_id uuid) to anon;
grant execute on function public.landlord_contact(landlord_id uuid) to authenticated;
grant execute on function public.landlord_contact(landlord_id uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-lift_fix_hold.sql
-- ==================================================================================================

-- A landlord's edit lifts the hold of a listing they were asked to fix.

create or replace function public.lift_fix_hold()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if (select auth.uid()) = new.user_ref then
    delete from public.listing_review_holds as h where h.listing_id = new.id and h.kind = 'fix-requested';
  end if;
  return null;
end;
$function$;

revoke all on function public.lift_fix_hold() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-listing_clusters.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * listing_clusters: homes per grid cell, type, offer and leaving day
 * ---------------------------------------------------------------------------
 * Cells are squares of `cell` degrees (1, 1/4, 1/16 and 1/64: about 110 km
 * down to 1.7 km of latitude), numbered floor(longitude / cell) and
 * floor(latitude / cell). Each row holds how many homes lie in the cell and
 * the sums of their latitudes and longitudes, so a cluster is drawn at the
 * centre of its homes rather than of its square.
 *
 * `leaves_on` is the UTC day the homes leave the market (off_market_at's
 * day; 'infinity' while available or under offer). A home leaves the market
 * by the clock, with no write to fire a trigger, so the rows keep every
 * listing and map_clusters reads only the days after today, and today's
 * leavers (a few) from the listings themselves. Rows of past days stay as
 * they are (their homes left), as does a cell whose homes all left: a busy
 * cell is not deleted and recreated.
 *
 * The table counts every listing, held ones too (map_clusters takes those
 * off), so nobody but its trigger and map_clusters reads or writes it.
 */

create table public.listing_clusters (
  cell double precision not null,
  cell_x integer not null,
  cell_y integer not null,
  type text not null,
  offer boolean not null,
  leaves_on date not null,
  homes integer not null,
  latitude_sum double precision not null,
  longitude_sum double precision not null,
  constraint listing_clusters_pkey PRIMARY KEY (cell, cell_x, cell_y, type, offer, leaves_on)
);

comment on table public.listing_clusters is 'Listings per map grid cell (of `cell` degrees), type, offer and leaving day; kept by triggers on public.listings, read through map_clusters.';

-- No API role reads or writes this table directly.
revoke all on table public.listing_clusters from anon, authenticated, service_role;

alter table public.listing_clusters enable row level security;

-- ==================================================================================================
-- supabase/schemas/02-listing_common_words.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Common words: a word of many descriptions counted from an index of its own
 * ---------------------------------------------------------------------------
 * A word that no busy place has but many descriptions do ("flat", "garden")
 * was counted from the trigram index: at a million listings `flat` to rent up
 * to £1,500 ANDs an eighth's trigram and price bitmaps (711 matches, 9.5 ms)
 * and reads the rest of its 1,001 through the price index, checking the word
 * on each home (12.8 ms more). No order of those indexes reaches 1,001 in
 * budget: each match costs its share of a bitmap.
 *
 * listing_common_words is a dictionary of 64 words that housing descriptions
 * use most, each with a bit. listing_word_marks holds, for every listing with
 * no leaving date and at least one of them, the bits of the dictionary words
 * its search_text contains (`marks`), with the columns a search filters on;
 * its index leads with type and price and includes the rest, so a count reads
 * it alone. A home marked with a word containing the search's word contains
 * the search's word (ILIKE compares the lower-cased text with the lower-cased
 * pattern, as the marks are made from lower(search_text)), so 1,001 marked
 * homes that pass the filters make the count 1,001 (`1,000+`): `flat` to
 * rent up to £1,500 reads 13,769 index entries of rents up to £1,500, 1,001
 * of them marked, in about 2 ms.
 * For a part of a dictionary word ("flatm" of "flatmate" is not one), the
 * marks only prove "at least 1,001", as the place words do: a home may hold
 * the search's word in a word the dictionary lacks. But a home is marked with
 * a dictionary word exactly when its text contains it, so when each word of
 * the search is a dictionary word and the try read every row of the search's
 * type and price, its count is exact for the listings with no leaving date;
 * those leaving on a later date (let agreed, sold subject to contract) are
 * counted apart, through market_listings. `flat` to rent up to £1,500 at
 * 100,000 listings (599 homes) is counted from 8,221 index entries in about
 * 1.5 ms instead of 10. Otherwise below 1,001 it counts as before.
 *
 * A try reads at most 20,000 rows of the search's type and price, so it
 * proves the count of a word held by at least one home in 20 of them (about
 * 1.5 ms in vain). The dictionary is fixed here: changing it changes what the
 * bits mean, so a migration that changes it rewrites listing_word_marks.
 *
 * The marks are kept by statement triggers on listings, like the place words:
 * a listing's row is rewritten only when a column it holds, or its text,
 * changes. A held listing keeps its row, and the count leaves it out by
 * listing_review_holds. Nobody reads or writes either table but the trigger
 * and count_listings (security definer, see the place words' migration).
 */

create table public.listing_common_words (
  "bit" smallint not null,
  word text not null,
  constraint listing_common_words_pkey PRIMARY KEY ("bit"),
  constraint listing_common_words_word_key UNIQUE (word),
  constraint listing_common_words_bit_check CHECK ("bit" >= 0 AND "bit" <= 63),
  constraint listing_common_words_word_check CHECK (word ~ '^[a-z]+$'::text)
);

comment on table public.listing_common_words is 'Words housing descriptions use most, each with its bit of listing_word_marks.marks; fixed by migration.';

-- No API role reads or writes this table directly.
revoke all on table public.listing_common_words from anon, authenticated, service_role;

alter table public.listing_common_words enable row level security;

-- Rows the schema holds from the start (they are part of it, not demo data).
insert into public.listing_common_words (bit, word) values
  (0, 'flat'),
  (1, 'apartment'),
  (2, 'house'),
  (3, 'home'),
  (4, 'studio'),
  (5, 'cottage'),
  (6, 'bungalow'),
  (7, 'maisonette'),
  (8, 'terrace'),
  (9, 'detached'),
  (10, 'semi'),
  (11, 'period'),
  (12, 'victorian'),
  (13, 'georgian'),
  (14, 'modern'),
  (15, 'new'),
  (16, 'garden'),
  (17, 'balcony'),
  (18, 'patio'),
  (19, 'parking'),
  (20, 'garage'),
  (21, 'driveway'),
  (22, 'kitchen'),
  (23, 'bathroom'),
  (24, 'bedroom'),
  (25, 'shower'),
  (26, 'reception'),
  (27, 'living'),
  (28, 'dining'),
  (29, 'room'),
  (30, 'open'),
  (31, 'double'),
  (32, 'glazing'),
  (33, 'boiler'),
  (34, 'heating'),
  (35, 'fireplace'),
  (36, 'storage'),
  (37, 'furnished'),
  (38, 'bills'),
  (39, 'bright'),
  (40, 'spacious'),
  (41, 'quiet'),
  (42, 'views'),
  (43, 'park'),
  (44, 'station'),
  (45, 'shops'),
  (46, 'schools'),
  (47, 'transport'),
  (48, 'walk'),
  (49, 'centre'),
  (50, 'town'),
  (51, 'village'),
  (52, 'street'),
  (53, 'road'),
  (54, 'close'),
  (55, 'family'),
  (56, 'floor'),
  (57, 'ground'),
  (58, 'lift'),
  (59, 'sea'),
  (60, 'river'),
  (61, 'light'),
  (62, 'refurbished'),
  (63, 'large');

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_common_words;

-- ==================================================================================================
-- supabase/schemas/02-listing_image_urls_valid.sql
-- ==================================================================================================

/**
 * True when every address is a plain http(s) URL of at most 1024 characters
 * (a host, a path of ordinary segments, no query, fragment, quotes, spaces or
 * `..`), and any Storage object URL among them is a public object of the
 * listing-images bucket in the owner's folder.
 */

create or replace function public.listing_image_urls_valid(urls text[], owner uuid)
  returns boolean
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select coalesce(bool_and(
    char_length(url) <= 1024
    and url ~ '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9_~-][A-Za-z0-9._~%+=@-]*)+$'
    and (
      url !~ '/storage/v1/'
      or url ~ ('^https?://[^/]+/storage/v1/object/public/listing-images/' || owner::text || '(/[^/]+){2,}$')
    )
  ), true)
  from unnest(urls) as url
$function$;

comment on function public.listing_image_urls_valid(urls text[], owner uuid) is 'True when each URL is a plain http(s) address and any Storage URL is a listing-images object in the owner''s folder.';

revoke all on function public.listing_image_urls_valid(urls text[], owner uuid) from public, anon, authenticated, service_role;
grant execute on function public.listing_image_urls_valid(urls text[], owner uuid) to anon;
grant execute on function public.listing_image_urls_valid(urls text[], owner uuid) to authenticated;
grant execute on function public.listing_image_urls_valid(urls text[], owner uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-listing_place_vocabulary.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Place words: a busy place's homes counted from an index of their own
 * ---------------------------------------------------------------------------
 * Most searches with a word name a place ("london", "leeds"). At a million
 * listings `london` matches 78,000 homes, and its capped count read an
 * eighth's trigram index and 800-900 pages of listings: 5.8 ms, and 10.6 ms
 * with a type and a price (BitmapAnd of the eighth's trigram and price
 * indexes, 30,000 entries, for 1,001 matches).
 *
 * listing_place_words holds, for every listing with no leaving date, one row
 * per word of its location (a run of letters and digits, lower-cased), with
 * the columns a search filters on; its index leads with the word, then type
 * and price. A home whose location has a word containing a search's word
 * matches that word (its search_text starts with its location, and ILIKE
 * compares the lower-cased text with the lower-cased pattern, as lower() does
 * here), so 1,001 such homes that pass the filters make the count 1,001
 * (`1,000+`). Found there, the count reads 1,001 index entries and no
 * listing: `london` 5.8 -> 0.85 ms, `london` for rent up to £2,000 10.6 -> 0.77
 * ms (medians of 25 calls as anon at a million listings).
 * Below 1,001 it counts as before: the place words only ever prove "at least
 * 1,001", so they need not hold every match (a listing leaving on a date, a
 * word of its description), only matches, and the exact count below the cap
 * is unchanged.
 *
 * listing_place_vocabulary holds each word and how many rows it has, so only
 * places with more than 1,000 homes are tried, the busiest first. A try reads
 * at most 10,000 of the place's rows of the search's type and price, so one
 * whose other filters leave few of them (five bedrooms, parking, furnished)
 * costs at most about half a millisecond in vain; no estimate is needed first,
 * and a place's count found there skips the planner's estimate as well.
 *
 * Both tables are kept by statement triggers on listings (one grouped write
 * per statement, as listing_clusters is); an update rewrites a listing's rows
 * only when a column they hold changes. A held listing keeps its rows (it may
 * be released), and the count leaves it out by listing_review_holds, as
 * market_listings does. Vocabulary rows are upserted in word order, so two
 * statements wait for each other instead of deadlocking; a word whose homes
 * all left stays, with 0.
 *
 * Nobody reads or writes either table but its trigger and count_listings,
 * which is now security definer. It was security invoker, reading
 * market_listings, an owner's view, so its answer does not depend on the
 * caller: what it returns is a number of homes on the market, which anyone
 * may count through market_listings. Its arguments are passed as parameters
 * and choose only which of its fixed conditions apply (the Supabase security
 * advisor's notice that anon may run a security-definer function is answered
 * by this).
 */

create table public.listing_place_vocabulary (
  word text not null,
  homes integer not null,
  complete boolean not null default false,
  constraint listing_place_vocabulary_pkey PRIMARY KEY (word)
);

comment on table public.listing_place_vocabulary is 'Each word of listing_place_words and its number of rows; kept by triggers on public.listings.';
comment on column public.listing_place_vocabulary.complete is 'Whether listing_place_words has a row of this word for every listing with no leaving date whose search_text contains it (any case, anywhere): set by complete_place_words, kept by the trigger.';

/**
 * ---------------------------------------------------------------------------
 * Complete places: exact counts below 1,000 for a busy place
 * ---------------------------------------------------------------------------
 * A busy place's rows in listing_place_words proved "at least 1,001" only:
 * they hold the homes whose location has the word and those whose text names
 * it capitalised, not every home whose text contains it ("exeter" in lower
 * case, or inside another word). So a place counted fewer than 1,001 there
 * was counted again from the trigram index ANDed with the type and price
 * index: at a million listings `exeter` for sale up to £300,000 (611 homes)
 * took 28 ms in Postgres, `cambridge` to rent up to £1,200 (599) 37 ms,
 * `manchester flat` for sale up to £200,000 (27) 16 ms.
 *
 * A place is now complete once complete_place_words() has written a row for
 * every home with no leaving date whose text (location, name, description)
 * contains the word in any case, anywhere: listing_place_vocabulary.complete.
 * From then on the trigger writes such a row for every listing it writes
 * (places_named_in), so the rows stay complete. count_listings counts a
 * search of a complete place exactly from its rows when they are few: when
 * the word is the place itself, each other word of the search is a dictionary
 * word (so the marks tell exactly which homes have it), and the try read
 * every row of the search's type and price. The homes leaving on a later
 * date, which no row holds, are counted apart, as the marks' exact count does.
 *
 * complete_place_words() completes every busy place (more than 1,000 homes,
 * four letters or more) not yet complete. This migration runs it; the bench
 * seed runs it after adding listings; a project whose places grow busy runs
 * it from time to time (README). It holds writes to listings while it runs,
 * so no listing is written between a place's rows and its flag.
 *
 * At a million listings (the bench seed) the 117 busy places gain 333,000
 * rows (1.78 to 2.11 million), for homes whose descriptions use a place's
 * name in lower case or inside another word ("england", "south", "high",
 * "market", "town" are places as well as words).
 */
create index listing_place_vocabulary_complete_idx ON public.listing_place_vocabulary using btree (word) WHERE complete;

create index listing_place_vocabulary_homes_idx ON public.listing_place_vocabulary using btree (homes);

-- No API role reads or writes this table directly.
revoke all on table public.listing_place_vocabulary from anon, authenticated, service_role;

alter table public.listing_place_vocabulary enable row level security;

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_place_vocabulary;

-- ==================================================================================================
-- supabase/schemas/02-listing_place_words.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Place words: a busy place's homes counted from an index of their own
 * ---------------------------------------------------------------------------
 * Most searches with a word name a place ("london", "leeds"). At a million
 * listings `london` matches 78,000 homes, and its capped count read an
 * eighth's trigram index and 800-900 pages of listings: 5.8 ms, and 10.6 ms
 * with a type and a price (BitmapAnd of the eighth's trigram and price
 * indexes, 30,000 entries, for 1,001 matches).
 *
 * listing_place_words holds, for every listing with no leaving date, one row
 * per word of its location (a run of letters and digits, lower-cased), with
 * the columns a search filters on; its index leads with the word, then type
 * and price. A home whose location has a word containing a search's word
 * matches that word (its search_text starts with its location, and ILIKE
 * compares the lower-cased text with the lower-cased pattern, as lower() does
 * here), so 1,001 such homes that pass the filters make the count 1,001
 * (`1,000+`). Found there, the count reads 1,001 index entries and no
 * listing: `london` 5.8 -> 0.85 ms, `london` for rent up to £2,000 10.6 -> 0.77
 * ms (medians of 25 calls as anon at a million listings).
 * Below 1,001 it counts as before: the place words only ever prove "at least
 * 1,001", so they need not hold every match (a listing leaving on a date, a
 * word of its description), only matches, and the exact count below the cap
 * is unchanged.
 *
 * listing_place_vocabulary holds each word and how many rows it has, so only
 * places with more than 1,000 homes are tried, the busiest first. A try reads
 * at most 10,000 of the place's rows of the search's type and price, so one
 * whose other filters leave few of them (five bedrooms, parking, furnished)
 * costs at most about half a millisecond in vain; no estimate is needed first,
 * and a place's count found there skips the planner's estimate as well.
 *
 * Both tables are kept by statement triggers on listings (one grouped write
 * per statement, as listing_clusters is); an update rewrites a listing's rows
 * only when a column they hold changes. A held listing keeps its rows (it may
 * be released), and the count leaves it out by listing_review_holds, as
 * market_listings does. Vocabulary rows are upserted in word order, so two
 * statements wait for each other instead of deadlocking; a word whose homes
 * all left stays, with 0.
 *
 * Nobody reads or writes either table but its trigger and count_listings,
 * which is now security definer. It was security invoker, reading
 * market_listings, an owner's view, so its answer does not depend on the
 * caller: what it returns is a number of homes on the market, which anyone
 * may count through market_listings. Its arguments are passed as parameters
 * and choose only which of its fixed conditions apply (the Supabase security
 * advisor's notice that anon may run a security-definer function is answered
 * by this).
 */

create table public.listing_place_words (
  word text not null,
  type text not null,
  effective_price integer not null,
  listing_id uuid not null,
  bedrooms integer not null,
  bathrooms integer not null,
  parking boolean not null,
  furnished boolean not null,
  offer boolean not null,
  status text not null,
  latitude double precision not null,
  longitude double precision not null,
  marks bigint not null default 0,
  created_at timestamp with time zone not null,
  off_market_at timestamp with time zone
);

comment on table public.listing_place_words is 'One row per word of a listing''s location and busy place its text names, for listings on the market (no leaving date, or a later one); kept by triggers on public.listings, read by count_listings and search_newest.';
comment on column public.listing_place_words.marks is 'The listing''s bits of listing_common_words (as listing_word_marks.marks), for searches of a place and a common word.';
comment on column public.listing_place_words.created_at is 'The listing''s created_at (never changes once it is published), for paging a place''s homes newest first.';
comment on column public.listing_place_words.off_market_at is 'The listing''s leaving date: null for most; a row of a home leaving on a later date is paged, not counted.';

/**
 * ---------------------------------------------------------------------------
 * A place's homes by price, paged from its own rows
 * ---------------------------------------------------------------------------
 * A search with words sorted by price walks the listings of its type and
 * price in price order and checks each against its words, until a page's
 * worth match. For a town many descriptions name, few of whose texts match,
 * that is a long walk: page 1 of `york` to rent up to £2,000, price rising, at
 * a million listings read 2,063 buffers of listings for its 11 (3.4 ms in
 * Postgres), and such rows of the bench came near 60 ms p95 with eight
 * requests at once through the stack.
 *
 * listing_place_words (the newest-by-place migration) has a row for every
 * home on the market whose text contains a complete place, with its type,
 * price, marks, the filters' columns and its leaving date, in an index by
 * (word, type, price). Its key now ends with the listing's id, so a place's
 * rows of one type come in the order a price page shows them (price, then id),
 * ties included; without a type the two types' rows are merged in that order.
 *
 * search_by_price(words, filters, descending, after_price, after_id,
 * page_size) is one page of a search sorted by price, rising or falling, as
 * the app asked market_listings for it: the same rows in the same order. As
 * search_newest does for newest, it pages a complete place's rows when one
 * word is that place and each other word is a dictionary word, checking type,
 * price, the words' marks and the leaving date on the rows before it reads a
 * listing, and otherwise runs the query the app sent before. Every row it returns is read from market_listings and
 * checked there against every word and filter, so it returns only homes that
 * view shows anyone, with the view's columns. It is security definer only to
 * read listing_place_words; its arguments are parameters that choose which of
 * its fixed conditions apply, and its direction which of two fixed statements
 * runs (the answer to the Supabase security advisor's notice, as for
 * count_listings).
 *
 * Both functions now find their place with one helper, search_place, and
 * write their filters' conditions with another, search_filter_conditions;
 * neither is granted to anyone (search_newest is restated to use them).
 */
create index listing_place_words_idx ON public.listing_place_words using btree (word, type, effective_price, listing_id) INCLUDE (marks, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude, off_market_at);

-- The rows of homes with a leaving date, for complete_place_words to delete those whose date has passed.
create index listing_place_words_leaving_idx ON public.listing_place_words using btree (off_market_at) WHERE (off_market_at IS NOT NULL);

-- A listing's rows, for the trigger: thousands of homes may share a place, a type and a price.
create index listing_place_words_listing_idx ON public.listing_place_words using btree (listing_id);

-- A place's homes newest first, with what a page checks before reading a listing.
create index listing_place_words_newest_idx ON public.listing_place_words using btree (word, created_at DESC, listing_id DESC) INCLUDE (type, effective_price, marks, off_market_at);

-- No API role reads or writes this table directly.
revoke all on table public.listing_place_words from anon, authenticated, service_role;

alter table public.listing_place_words enable row level security;

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_place_words;

-- ==================================================================================================
-- supabase/schemas/02-listing_price_history.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Price history
 * ---------------------------------------------------------------------------
 * One row when a listing is published (`Listed at`, no previous price) and one
 * for every change of the price a person pays. Written only by the triggers
 * below (security definer): no API role may insert, update or delete a row,
 * not even the service role, so history cannot be written or rewritten
 * through the API. Rows go with their listing.
 */

create table public.listing_price_history (
  id bigint generated always as identity,
  listing_id uuid not null,
  price integer not null,
  previous_price integer,
  changed_at timestamp with time zone not null default now(),
  constraint listing_price_history_pkey PRIMARY KEY (id)
);

comment on table public.listing_price_history is 'Every change of a listing''s effective price, oldest first by changed_at; the first row (no previous price) is the listed price. Written by trigger only.';
comment on column public.listing_price_history.price is 'The price a person pays after the change.';
comment on column public.listing_price_history.previous_price is 'The price before; null for the listed price.';

create index listing_price_history_listing_idx ON public.listing_price_history using btree (listing_id, changed_at, id);

-- The API roles get only what is granted here.
revoke all on table public.listing_price_history from anon, authenticated, service_role;
grant select on table public.listing_price_history to anon;
grant select on table public.listing_price_history to authenticated;
grant select on table public.listing_price_history to service_role;

-- Its identity's sequence.
revoke all on sequence listing_price_history_id_seq from anon, authenticated, service_role;

alter table public.listing_price_history enable row level security;

-- ==================================================================================================
-- supabase/schemas/02-listing_publishes.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Publishing events
 * ---------------------------------------------------------------------------
 * One row per listing an API caller (anon, authenticated) publishes: the
 * daily cap counts these, so deleting a listing does not give its place
 * back. Only the last day matters, so the publisher's older rows are deleted
 * whenever they publish. The log is the server's: no grants to any API role,
 * no policies. Listings the service role or the owner writes (seeding,
 * maintenance, moving a test's listings back in time) are not publishes of
 * the API: they count toward the cap as rows, as before, while they exist
 * and are dated within the day.
 */

create table public.listing_publishes (
  id bigint generated always as identity,
  user_id uuid not null,
  listing_id uuid not null,
  published_at timestamp with time zone not null default now(),
  constraint listing_publishes_pkey PRIMARY KEY (id),
  constraint listing_publishes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.listing_publishes is 'Listings published through the API, one row per publish, for the daily publishing cap; rows older than a day may go. Server-only.';

create index listing_publishes_user_recent ON public.listing_publishes using btree (user_id, published_at);

-- No API role reads or writes this table directly.
revoke all on table public.listing_publishes from anon, authenticated, service_role;

-- Its identity's sequence.
revoke all on sequence listing_publishes_id_seq from anon, authenticated, service_role;

alter table public.listing_publishes enable row level security;

-- ==================================================================================================
-- supabase/schemas/02-listing_report_origins.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Where each report came from, and whether it counts
 * ---------------------------------------------------------------------------
 * One row per report, written by the trigger that decides holds. Kept apart
 * from listing_reports because reporters read their own reports: the address
 * and the verdict are for operators (service role) only.
 */

create table public.listing_report_origins (
  report_id uuid not null,
  listing_id uuid not null,
  client_address text not null,
  counts boolean not null,
  not_counted_because text,
  constraint listing_report_origins_pkey PRIMARY KEY (report_id),
  constraint listing_report_origins_reason_given CHECK (counts = (not_counted_because IS NULL))
);

comment on table public.listing_report_origins is 'The client address of each listing report and whether it counts towards hiding the listing; service role only.';

-- Serves the same-address check and the cascade when a listing is deleted.
create index listing_report_origins_listing ON public.listing_report_origins using btree (listing_id, client_address);

-- The API roles get only what is granted here.
revoke all on table public.listing_report_origins from anon, authenticated, service_role;
grant select, insert, update, delete on table public.listing_report_origins to service_role;

alter table public.listing_report_origins enable row level security;

-- ==================================================================================================
-- supabase/schemas/02-listing_search_flags.sql
-- ==================================================================================================

/** A listing's side of match_flags: the bits of what it has. */

create or replace function public.listing_search_flags(parking boolean, furnished boolean, offer boolean, status text)
  returns smallint
  language sql
  immutable parallel safe
  set search_path to ''
RETURN ((((CASE WHEN parking THEN 1 ELSE 0 END | CASE WHEN furnished THEN 2 ELSE 0 END) | CASE WHEN offer THEN 4 ELSE 0 END) | CASE WHEN (status = 'available'::text) THEN 8 ELSE 0 END))::smallint;

revoke all on function public.listing_search_flags(parking boolean, furnished boolean, offer boolean, status text) from public, anon, authenticated, service_role;
grant execute on function public.listing_search_flags(parking boolean, furnished boolean, offer boolean, status text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-listing_status_history.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Status history
 * ---------------------------------------------------------------------------
 * Every status a listing has had, from its publication: the landlord's record
 * of the sale or let, and part of their data export. Written by trigger only,
 * like the price history: no API role may insert, update or delete a row.
 * Readable by whoever can read the listing.
 */

create table public.listing_status_history (
  id bigint generated always as identity,
  listing_id uuid not null,
  status text not null,
  previous_status text,
  changed_at timestamp with time zone not null default now(),
  constraint listing_status_history_pkey PRIMARY KEY (id)
);

comment on table public.listing_status_history is 'Every status of a listing since publication (the first row has no previous status). Written by trigger only.';

create index listing_status_history_listing_idx ON public.listing_status_history using btree (listing_id, changed_at, id);

-- The API roles get only what is granted here.
revoke all on table public.listing_status_history from anon, authenticated, service_role;
grant select on table public.listing_status_history to anon;
grant select on table public.listing_status_history to authenticated;
grant select on table public.listing_status_history to service_role;

-- Its identity's sequence.
revoke all on sequence listing_status_history_id_seq from anon, authenticated, service_role;

alter table public.listing_status_history enable row level security;

-- ==================================================================================================
-- supabase/schemas/02-map_clusters.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * map_clusters: the clusters of a map's box
 * ---------------------------------------------------------------------------
 * For the grid of `cell` degrees, one row per cell that touches the box and
 * holds homes on the market of the search's type and offer (null type: both;
 * offer false: with or without), with how many homes and where their centre
 * lies. A cell on the box's edge counts all its homes. The homes counted are
 * exactly market_listings' (on the market, not held for review):
 *
 * - listing_clusters' rows of the days after today: listings that are on the
 *   market until at least tomorrow;
 * - plus the listings leaving the market later today, from listings by
 *   off_market_at (a day's worth of leavers);
 * - minus the held listings among the first (from listing_review_holds,
 *   which holds a few).
 *
 * Security definer, because listing_clusters counts held listings too and is
 * readable by nobody: what this returns is a count and a centre per cell of
 * homes every caller may list through market_listings, and nothing of any
 * other listing (the Supabase security advisor's notice that anon may run a
 * security-definer function is answered by this: it shows less than
 * market_listings already does). Its arguments only choose cells, type and
 * offer; they take no part in any other condition.
 */

create or replace function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text default NULL::text, offer boolean default false)
  returns table(cell_x integer, cell_y integer, homes integer, latitude double precision, longitude double precision)
  language sql
  stable security definer
  set search_path to ''
as $function$
  with box as (
    select
      floor(map_clusters.west / map_clusters.cell)::integer as x0,
      floor(map_clusters.east / map_clusters.cell)::integer as x1,
      floor(map_clusters.south / map_clusters.cell)::integer as y0,
      floor(map_clusters.north / map_clusters.cell)::integer as y1,
      ((now() at time zone 'UTC')::date::timestamp + interval '1 day') at time zone 'UTC' as tomorrow,
      (now() at time zone 'UTC')::date as today
  ),
  -- Today's leavers still on the market, and the held listings the clusters count, by cell.
  loose as (
    select floor(l.longitude / map_clusters.cell)::integer as cell_x,
      floor(l.latitude / map_clusters.cell)::integer as cell_y,
      1 as homes, l.latitude, l.longitude
    from public.listings as l, box
    where l.off_market_at > now() and l.off_market_at < box.tomorrow
      and (map_clusters.type is null or l.type = map_clusters.type)
      and (not map_clusters.offer or l.offer)
      and not exists (select 1 from public.listing_review_holds as h where h.listing_id = l.id)
    union all
    select floor(l.longitude / map_clusters.cell)::integer, floor(l.latitude / map_clusters.cell)::integer,
      -1, -l.latitude, -l.longitude
    from public.listing_review_holds as h
    join public.listings as l on l.id = h.listing_id
    cross join box
    where (l.off_market_at is null or l.off_market_at >= box.tomorrow)
      and (map_clusters.type is null or l.type = map_clusters.type)
      and (not map_clusters.offer or l.offer)
  ),
  parts as (
    select c.cell_x, c.cell_y, c.homes, c.latitude_sum, c.longitude_sum
    from public.listing_clusters as c, box
    where c.cell = map_clusters.cell
      and c.cell_x between box.x0 and box.x1
      and c.cell_y between box.y0 and box.y1
      and c.leaves_on > box.today
      and (map_clusters.type is null or c.type = map_clusters.type)
      and (not map_clusters.offer or c.offer)
    union all
    select loose.cell_x, loose.cell_y, loose.homes, loose.latitude, loose.longitude
    from loose, box
    where loose.cell_x between box.x0 and box.x1 and loose.cell_y between box.y0 and box.y1
  )
  select parts.cell_x, parts.cell_y, sum(parts.homes)::integer,
    sum(parts.latitude_sum) / sum(parts.homes), sum(parts.longitude_sum) / sum(parts.homes)
  from parts
  group by parts.cell_x, parts.cell_y
  having sum(parts.homes) > 0
  order by parts.cell_y, parts.cell_x
$function$;

comment on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) is 'Homes on the market per grid cell of `cell` degrees touching a box, for a type (null: both) and offer (false: any).';

revoke all on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) from public, anon, authenticated, service_role;
grant execute on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) to anon;
grant execute on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) to authenticated;
grant execute on function public.map_clusters(cell double precision, west double precision, south double precision, east double precision, north double precision, type text, offer boolean) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-mark_conversation_read.sql
-- ==================================================================================================

-- The caller has read the conversation up to now; returns the time recorded (null: not theirs).

create or replace function public.mark_conversation_read(conversation_id uuid)
  returns timestamp with time zone
  language sql
  security definer
  set search_path to ''
as $function$
  update public.conversations as c
  set hunter_read_at = case when c.hunter_id = auth.uid() then greatest(c.hunter_read_at, now()) else c.hunter_read_at end,
      landlord_read_at = case when c.landlord_id = auth.uid() then greatest(c.landlord_read_at, now()) else c.landlord_read_at end
  where c.id = mark_conversation_read.conversation_id
    and auth.uid() in (c.hunter_id, c.landlord_id)
  returning now();
$function$;

revoke all on function public.mark_conversation_read(conversation_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.mark_conversation_read(conversation_id uuid) to authenticated;
grant execute on function public.mark_conversation_read(conversation_id uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-message_sent.sql
-- ==================================================================================================

-- After a message: the conversation moves to the top, and the sender has read everything up to it.

create or replace function public.message_sent()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  update public.conversations as c
  set last_message_at = greatest(c.last_message_at, new.created_at),
      last_sender_id = new.sender_id,
      hunter_read_at = case when c.hunter_id = new.sender_id then greatest(c.hunter_read_at, new.created_at) else c.hunter_read_at end,
      landlord_read_at = case when c.landlord_id = new.sender_id then greatest(c.landlord_read_at, new.created_at) else c.landlord_read_at end
  where c.id = new.conversation_id;
  return null;
end;
$function$;

revoke all on function public.message_sent() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-moderation_appeal.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Appeals
 * ---------------------------------------------------------------------------
 * `Ask for a review`: the landlord, once per decision that hid their listing,
 * within 30 days, never of a decision on an appeal. The case goes back in the
 * queue, marked as an appeal, hidden ones first.
 */

create or replace function public.moderation_appeal(decision_id bigint, note text default ''::text)
  returns bigint
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  caller uuid := (select auth.uid());
  appealed public.moderation_decisions;
  opened bigint;
begin
  select * into appealed from public.moderation_decisions as d where d.id = moderation_appeal.decision_id for update;
  if not found or appealed.landlord_id is distinct from caller then
    raise exception 'Only the landlord can ask for a review of this decision' using errcode = '42501';
  end if;
  if char_length(coalesce(note, '')) > 1000 then
    raise exception 'A note can be at most 1000 characters' using errcode = '22023';
  end if;
  if appealed.on_appeal then
    raise exception 'This decision was made on a review and is final' using errcode = 'P0001';
  end if;
  if appealed.decision = 'keep-listed' then
    raise exception 'Your listing stayed listed: there is nothing to review' using errcode = 'P0001';
  end if;
  if appealed.decided_at < now() - interval '30 days' then
    raise exception 'A review can be asked for within 30 days of a decision' using errcode = 'P0001';
  end if;
  if exists (select 1 from public.moderation_cases as c where c.appeal_of = appealed.id) then
    raise exception 'You already asked for a review of this decision' using errcode = 'P0001';
  end if;

  insert into public.moderation_cases (listing_id, priority, appeal_of, appeal_note)
  values (
    appealed.listing_id,
    case when exists (select 1 from public.listing_review_holds as h where h.listing_id = appealed.listing_id) then 0 else 1 end,
    appealed.id,
    coalesce(note, '')
  )
  on conflict (listing_id) where closed_at is null
  do update set appeal_of = excluded.appeal_of, appeal_note = excluded.appeal_note, priority = excluded.priority
  returning id into opened;

  insert into public.moderation_audit (actor_id, actor_email, action, listing_id, listing_name, reason, note)
  values (
    caller,
    (select u.email from auth.users as u where u.id = caller),
    'appeal',
    appealed.listing_id,
    appealed.listing_name,
    'Review of: ' || appealed.decision,
    coalesce(note, '')
  );
  return opened;
end;
$function$;

comment on function public.moderation_appeal(decision_id bigint, note text) is 'The landlord asks for a review of a decision (once, within 30 days, not of an appeal''s decision).';

revoke all on function public.moderation_appeal(decision_id bigint, note text) from public, anon, authenticated, service_role;
grant execute on function public.moderation_appeal(decision_id bigint, note text) to authenticated;

-- ==================================================================================================
-- supabase/schemas/02-moderation_ask_to_fix.sql
-- ==================================================================================================

-- `Ask the landlord to fix`: hidden until the landlord edits it, with what to fix.

create or replace function public.moderation_ask_to_fix(case_id bigint, what_to_fix text)
  returns bigint
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  perform public.require_moderator();
  if coalesce(public.visible_text(what_to_fix), '') = '' then
    raise exception 'Say what the landlord should fix' using errcode = '22023';
  end if;
  return (public.moderation_decide(case_id, 'ask-to-fix', '', what_to_fix)).id;
end;
$function$;

comment on function public.moderation_ask_to_fix(case_id bigint, what_to_fix text) is 'Moderators: hides the listing until its landlord edits it, telling them what to fix; returns the decision id.';

revoke all on function public.moderation_ask_to_fix(case_id bigint, what_to_fix text) from public, anon, authenticated, service_role;
grant execute on function public.moderation_ask_to_fix(case_id bigint, what_to_fix text) to authenticated;

-- ==================================================================================================
-- supabase/schemas/02-moderation_cases.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Cases, decisions
 * ---------------------------------------------------------------------------
 */

create table public.moderation_cases (
  id bigint generated always as identity,
  listing_id uuid not null,
  opened_at timestamp with time zone not null default now(),
  priority smallint not null default 1,
  appeal_of bigint,
  appeal_note text,
  closed_at timestamp with time zone,
  constraint moderation_cases_pkey PRIMARY KEY (id),
  constraint moderation_cases_appeal_note_length CHECK (char_length(appeal_note) <= 1000),
  constraint moderation_cases_priority_valid CHECK (priority = ANY (ARRAY[0, 1]))
);

comment on table public.moderation_cases is 'The moderation queue: one open case per listing with open reports or an appeal; read through moderation_queue.';

create index moderation_cases_listing ON public.moderation_cases using btree (listing_id);

-- A decision is appealed once.
create unique index moderation_cases_one_appeal ON public.moderation_cases using btree (appeal_of);

create unique index moderation_cases_one_open ON public.moderation_cases using btree (listing_id) WHERE (closed_at IS NULL);

-- The queue's order, for its keyset pages: hidden first, then oldest first.
create index moderation_cases_queue ON public.moderation_cases using btree (priority, opened_at, id) WHERE (closed_at IS NULL);

-- The API roles get only what is granted here.
revoke all on table public.moderation_cases from anon, authenticated, service_role;
grant select on table public.moderation_cases to service_role;

-- Its identity's sequence.
revoke all on sequence moderation_cases_id_seq from anon, authenticated, service_role;

alter table public.moderation_cases enable row level security;

-- ==================================================================================================
-- supabase/schemas/02-moderation_keep_listed.sql
-- ==================================================================================================

-- `Keep listed`: the reports are closed and the listing shows again.

create or replace function public.moderation_keep_listed(case_id bigint, note text default ''::text)
  returns bigint
  language sql
  security definer
  set search_path to ''
as $function$
  select (public.moderation_decide(case_id, 'keep-listed', '', note)).id;
$function$;

comment on function public.moderation_keep_listed(case_id bigint, note text) is 'Moderators: closes the case and its reports and lists the listing again; returns the decision id.';

revoke all on function public.moderation_keep_listed(case_id bigint, note text) from public, anon, authenticated, service_role;
grant execute on function public.moderation_keep_listed(case_id bigint, note text) to authenticated;

-- ==================================================================================================
-- supabase/schemas/02-moderation_notices.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Notices: what Roost tells people about decisions (shown in Messages)
 * ---------------------------------------------------------------------------
 */

create table public.moderation_notices (
  id bigint generated always as identity,
  person_id uuid not null,
  decision_id bigint,
  body text not null,
  created_at timestamp with time zone not null default now(),
  constraint moderation_notices_pkey PRIMARY KEY (id),
  constraint moderation_notices_person_id_fkey FOREIGN KEY (person_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.moderation_notices is 'Messages from Roost about moderation decisions, to reporters and landlords; each person reads their own.';

create index moderation_notices_decision ON public.moderation_notices using btree (decision_id);

create index moderation_notices_person ON public.moderation_notices using btree (person_id, created_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.moderation_notices from anon, authenticated, service_role;
grant select on table public.moderation_notices to authenticated;
grant select on table public.moderation_notices to service_role;

-- Its identity's sequence.
revoke all on sequence moderation_notices_id_seq from anon, authenticated, service_role;

alter table public.moderation_notices enable row level security;

create policy "People can read their own notices"
  on public.moderation_notices for select to authenticated
  using ((person_id = ( SELECT auth.uid() AS uid)));

-- ==================================================================================================
-- supabase/schemas/02-moderation_queue.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The queue, a page at a time
 * ---------------------------------------------------------------------------
 * Keyset on moderation_cases_queue (priority, opened_at, id): pass the last
 * row's three values for the next page. Each row carries what a decision
 * needs: the listing and its photos, its open reports (reason, note, whether
 * it counted), the appeal, the landlord's other listings and past decisions.
 */

create or replace function public.moderation_queue(after_priority smallint default NULL::smallint, after_opened_at timestamp with time zone default NULL::timestamp with time zone, after_id bigint default NULL::bigint, page_size integer default 20)
  returns table(case_id bigint, priority smallint, opened_at timestamp with time zone, listing_id uuid, listing_name text, listing_type text, listing_location text, image_urls text[], hidden boolean, landlord_id uuid, landlord_email text, appeal jsonb, reports jsonb, other_listings jsonb, past_decisions jsonb)
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
declare
  moderator uuid := public.require_moderator();
begin
  return query
  with page as (
    select c.*
    from public.moderation_cases as c
    where c.closed_at is null
      and (after_id is null or (c.priority, c.opened_at, c.id) > (after_priority, after_opened_at, after_id))
    order by c.priority, c.opened_at, c.id
    limit least(greatest(coalesce(page_size, 20), 1), 100)
  )
  select
    page.id,
    page.priority,
    page.opened_at,
    l.id,
    l.name,
    l.type,
    l.location,
    l.image_urls,
    h.listing_id is not null,
    l.user_ref,
    p.email,
    case when page.appeal_of is null then null else (
      select jsonb_build_object(
        'decision_id', d.id, 'decision', d.decision, 'reason', d.reason, 'note', d.note,
        'decided_at', d.decided_at, 'moderator_email', m.email, 'appeal_note', page.appeal_note,
        'can_decide', d.moderator_id is distinct from moderator
      )
      from public.moderation_decisions as d
      left join auth.users as m on m.id = d.moderator_id
      where d.id = page.appeal_of
    ) end,
    coalesce((
      select jsonb_agg(
        jsonb_build_object(
          'reason', r.reason, 'note', r.note, 'at', r.created_at,
          'counts', coalesce(o.counts, false), 'not_counted_because', o.not_counted_because
        ) order by r.created_at
      )
      from public.listing_reports as r
      left join public.listing_report_origins as o on o.report_id = r.id
      where r.listing_id = l.id and r.reviewed_at is null
    ), '[]'::jsonb),
    coalesce((
      select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name))
      from (
        select o.id, o.name from public.listings as o
        where o.user_ref = l.user_ref and o.id <> l.id
        order by o.created_at desc
        limit 10
      ) as x
    ), '[]'::jsonb),
    coalesce((
      select jsonb_agg(jsonb_build_object(
        'listing_name', x.listing_name, 'decision', x.decision, 'reason', x.reason, 'decided_at', x.decided_at
      ))
      from (
        select d.listing_name, d.decision, d.reason, d.decided_at from public.moderation_decisions as d
        where d.landlord_id = l.user_ref
        order by d.decided_at desc
        limit 10
      ) as x
    ), '[]'::jsonb)
  from page
  join public.listings as l on l.id = page.listing_id
  left join public.listing_review_holds as h on h.listing_id = l.id
  left join public.profiles as p on p.id = l.user_ref
  order by page.priority, page.opened_at, page.id;
end;
$function$;

comment on function public.moderation_queue(after_priority smallint, after_opened_at timestamp with time zone, after_id bigint, page_size integer) is 'Moderators: a page of open cases, hidden listings and appeals first; keyset on (priority, opened_at, id).';

revoke all on function public.moderation_queue(after_priority smallint, after_opened_at timestamp with time zone, after_id bigint, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.moderation_queue(after_priority smallint, after_opened_at timestamp with time zone, after_id bigint, page_size integer) to authenticated;

-- ==================================================================================================
-- supabase/schemas/02-moderation_take_down.sql
-- ==================================================================================================

/*
 * `Take down`: off the market for good (a hold no edit lifts), with a reason
 * from the list. Returns the listing's photo folder in listing-images, which
 * the moderate-listing Edge Function then empties through the Storage API.
 */

create or replace function public.moderation_take_down(case_id bigint, reason text, note text default ''::text)
  returns jsonb
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  made public.moderation_decisions;
begin
  perform public.require_moderator();
  if reason is null or reason not in (
    'Scam or fraud', 'Misleading details', 'Offensive content', 'Already let or sold', 'Duplicate listing', 'Against the rules'
  ) then
    raise exception 'Choose a reason from the list' using errcode = '22023';
  end if;
  made := public.moderation_decide(case_id, 'take-down', reason, note);
  return jsonb_build_object(
    'decision_id', made.id,
    'listing_id', made.listing_id,
    'photo_folder', made.landlord_id::text || '/' || made.listing_id::text
  );
end;
$function$;

comment on function public.moderation_take_down(case_id bigint, reason text, note text) is 'Moderators: takes the listing off the market for good; returns its photo folder for the Edge Function to remove.';

revoke all on function public.moderation_take_down(case_id bigint, reason text, note text) from public, anon, authenticated, service_role;
grant execute on function public.moderation_take_down(case_id bigint, reason text, note text) to authenticated;

-- ==================================================================================================
-- supabase/schemas/02-moderation_take_down_photo_folder.sql
-- ==================================================================================================

/*
 * The photo folder of a case decided as a take-down, for the Edge Function to empty again when removing the
 * photos failed after the decision (the decision stands; the photos must still go). Moderators only.
 */

create or replace function public.moderation_take_down_photo_folder(case_id bigint)
  returns text
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
declare
  folder text;
begin
  perform public.require_moderator();
  select d.landlord_id::text || '/' || d.listing_id::text into folder
  from public.moderation_decisions as d
  where d.case_id = moderation_take_down_photo_folder.case_id and d.decision = 'take-down';
  if folder is null then
    raise exception 'This case was not decided as a take-down' using errcode = 'PT404';
  end if;
  return folder;
end;
$function$;

revoke all on function public.moderation_take_down_photo_folder(case_id bigint) from public, anon, authenticated, service_role;
grant execute on function public.moderation_take_down_photo_folder(case_id bigint) to authenticated;

-- ==================================================================================================
-- supabase/schemas/02-my_conversations.sql
-- ==================================================================================================

/**
 * The caller's conversations, most recent first, a keyset page at a time (before_at, before_id: the
 * last row of the previous page), or the one named by only_id: the listing (name, cover, price), the
 * other person's name (never their email), the latest message and whether the caller has news.
 */

create or replace function public.my_conversations(page_size integer default 30, before_at timestamp with time zone default NULL::timestamp with time zone, before_id uuid default NULL::uuid, only_id uuid default NULL::uuid)
  returns table(id uuid, listing_id uuid, listing_name text, listing_category text, listing_image text, listing_price integer, role text, other_id uuid, other_name text, last_message_at timestamp with time zone, last_body text, last_from_me boolean, unread boolean, other_read_at timestamp with time zone)
  language sql
  stable security definer
  set search_path to ''
as $function$
  with me as (select auth.uid() as id),
  picked as (
    (
      select c.* from public.conversations as c, me
      where c.hunter_id = me.id
        and (only_id is null or c.id = only_id)
        and (before_at is null or (c.last_message_at, c.id) < (before_at, before_id))
      order by c.last_message_at desc, c.id desc
      limit least(greatest(page_size, 1), 100)
    )
    union all
    (
      select c.* from public.conversations as c, me
      where c.landlord_id = me.id
        and (only_id is null or c.id = only_id)
        and (before_at is null or (c.last_message_at, c.id) < (before_at, before_id))
      order by c.last_message_at desc, c.id desc
      limit least(greatest(page_size, 1), 100)
    )
  )
  select
    c.id,
    c.listing_id,
    l.name,
    l.type,
    l.image_urls[1],
    coalesce(l.discounted_price, l.regular_price)::integer,
    case when c.hunter_id = me.id then 'hunter' else 'landlord' end,
    case when c.hunter_id = me.id then c.landlord_id else c.hunter_id end,
    p.name,
    c.last_message_at,
    m.body,
    m.sender_id = me.id,
    c.last_message_at > case when c.hunter_id = me.id then c.hunter_read_at else c.landlord_read_at end,
    case when c.hunter_id = me.id then c.landlord_read_at else c.hunter_read_at end
  from picked as c
  cross join me
  left join public.listings as l on l.id = c.listing_id
  left join public.profiles as p on p.id = case when c.hunter_id = me.id then c.landlord_id else c.hunter_id end
  left join lateral (
    select x.body, x.sender_id from public.messages as x
    where x.conversation_id = c.id
    order by x.created_at desc, x.id desc
    limit 1
  ) as m on true
  order by c.last_message_at desc, c.id desc
  limit least(greatest(page_size, 1), 100);
$function$;

revoke all on function public.my_conversations(page_size integer, before_at timestamp with time zone, before_id uuid, only_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.my_conversations(page_size integer, before_at timestamp with time zone, before_id uuid, only_id uuid) to authenticated;
grant execute on function public.my_conversations(page_size integer, before_at timestamp with time zone, before_id uuid, only_id uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-my_email_is_confirmed.sql
-- ==================================================================================================

-- What the report screen asks before offering the form.

create or replace function public.my_email_is_confirmed()
  returns boolean
  language sql
  stable security definer
  set search_path to ''
as $function$
  select public.email_is_confirmed((select auth.uid()));
$function$;

comment on function public.my_email_is_confirmed() is 'Whether the caller''s email is confirmed, so their reports count towards hiding a listing.';

revoke all on function public.my_email_is_confirmed() from public, anon, authenticated, service_role;
grant execute on function public.my_email_is_confirmed() to authenticated;
grant execute on function public.my_email_is_confirmed() to service_role;

-- ==================================================================================================
-- supabase/schemas/02-my_moderation_decisions.sql
-- ==================================================================================================

-- The landlord's decisions, for Your Listings: what was decided, why, and whether a review can be asked for.

create or replace function public.my_moderation_decisions()
  returns table(decision_id bigint, listing_id uuid, listing_name text, decision text, reason text, note text, decided_at timestamp with time zone, on_appeal boolean, review text, can_ask_for_review boolean)
  language sql
  stable security definer
  set search_path to ''
as $function$
  select
    d.id, d.listing_id, d.listing_name, d.decision, d.reason, d.note, d.decided_at, d.on_appeal,
    case when c.id is null then null when c.closed_at is null then 'waiting' else 'decided' end,
    c.id is null and not d.on_appeal and d.decision <> 'keep-listed' and d.decided_at >= now() - interval '30 days'
  from public.moderation_decisions as d
  left join public.moderation_cases as c on c.appeal_of = d.id
  where d.landlord_id = (select auth.uid())
  order by d.decided_at desc
  limit 100;
$function$;

revoke all on function public.my_moderation_decisions() from public, anon, authenticated, service_role;
grant execute on function public.my_moderation_decisions() to authenticated;

-- ==================================================================================================
-- supabase/schemas/02-my_viewings.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The Viewings screen
 * ---------------------------------------------------------------------------
 * The caller's viewings from `since` on, both sides, in time order, with what the day needs offline: the
 * home's facts, photos, address and position, and the other person's name (never their email). Two
 * index range scans (hunter, landlord), merged.
 */

create or replace function public.my_viewings(since timestamp with time zone default NULL::timestamp with time zone, page_size integer default 200)
  returns table(id uuid, slot_id uuid, listing_id uuid, role text, status text, cancelled_late boolean, starts_at timestamp with time zone, ends_at timestamp with time zone, other_name text, conversation_id uuid, listing_name text, listing_type text, location text, latitude double precision, longitude double precision, bedrooms integer, bathrooms integer, price integer, image_urls text[])
  language sql
  stable security definer
  set search_path to ''
as $function$
  with me as (select auth.uid() as id),
  picked as (
    (
      select b.* from public.viewing_bookings as b, me
      where b.hunter_id = me.id and b.starts_at >= coalesce(since, now() - interval '1 day')
      order by b.starts_at, b.id
      limit least(greatest(page_size, 1), 500)
    )
    union all
    (
      select b.* from public.viewing_bookings as b, me
      where b.landlord_id = me.id and b.starts_at >= coalesce(since, now() - interval '1 day')
      order by b.starts_at, b.id
      limit least(greatest(page_size, 1), 500)
    )
  )
  select
    b.id, b.slot_id, b.listing_id,
    case when b.hunter_id = me.id then 'hunter' else 'landlord' end,
    b.status, b.cancelled_late, b.starts_at, b.ends_at,
    p.name,
    c.id,
    l.name, l.type, l.location, l.latitude::double precision, l.longitude::double precision,
    l.bedrooms::integer, l.bathrooms::integer,
    coalesce(l.discounted_price, l.regular_price)::integer,
    l.image_urls
  from picked as b
  cross join me
  join public.listings as l on l.id = b.listing_id
  left join public.profiles as p on p.id = case when b.hunter_id = me.id then b.landlord_id else b.hunter_id end
  left join public.conversations as c on c.listing_id = b.listing_id and c.hunter_id = b.hunter_id
  order by b.starts_at, b.id
  limit least(greatest(page_size, 1), 500);
$function$;

revoke all on function public.my_viewings(since timestamp with time zone, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.my_viewings(since timestamp with time zone, page_size integer) to authenticated;
grant execute on function public.my_viewings(since timestamp with time zone, page_size integer) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-note_app_open.sql
-- ==================================================================================================

/**
 * Notes that the caller opened the app now. Writes at most once a minute per person whatever the client
 * does (the app itself calls it at most once an hour); returns the time recorded.
 */

create or replace function public.note_app_open()
  returns timestamp with time zone
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  me uuid := auth.uid();
  seen timestamptz;
begin
  if me is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  insert into public.app_openings as o (user_id, last_seen_at)
  values (me, now())
  on conflict (user_id) do update set last_seen_at = excluded.last_seen_at
    where o.last_seen_at < now() - interval '1 minute';
  select o.last_seen_at into seen from public.app_openings as o where o.user_id = me;
  return seen;
end;
$function$;

revoke all on function public.note_app_open() from public, anon, authenticated, service_role;
grant execute on function public.note_app_open() to authenticated;

-- ==================================================================================================
-- supabase/schemas/02-open_moderation_case.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */

create or replace function public.open_moderation_case()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  insert into public.moderation_cases (listing_id, priority)
  values (
    new.listing_id,
    case when exists (select 1 from public.listing_review_holds as h where h.listing_id = new.listing_id) then 0 else 1 end
  )
  on conflict (listing_id) where closed_at is null do nothing;
  return null;
end;
$function$;

revoke all on function public.open_moderation_case() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-open_saved_search.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Functions for the app
 * ---------------------------------------------------------------------------
 * Security invoker: row-level security limits them to the caller's searches.
 * (saved_search_new_counts, which reads the server's table of matches, is in
 * the alerts migration.)
 *
 * open_saved_search: marks the search opened now and returns when it was
 * opened before, so /search can badge the homes published since as New. Null
 * when the caller has no such search.
 */

create or replace function public.open_saved_search(search_id uuid)
  returns timestamp with time zone
  language plpgsql
  set search_path to ''
as $function$
declare
  previous timestamptz;
begin
  select s.last_opened_at into previous
  from public.saved_searches as s
  where s.id = search_id and s.user_id = (select auth.uid())
  for update;
  if found then
    update public.saved_searches set last_opened_at = now() where id = search_id;
  end if;
  return previous;
end;
$function$;

revoke all on function public.open_saved_search(search_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.open_saved_search(search_id uuid) to authenticated;
grant execute on function public.open_saved_search(search_id uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-open_viewing_slots.sql
-- ==================================================================================================

-- A listing's bookable times: live, at least an hour ahead, not taken. Anyone may read them.

create or replace function public.open_viewing_slots(listing_id uuid)
  returns table(id uuid, starts_at timestamp with time zone, minutes integer, confirm_each boolean)
  language sql
  stable security definer
  set search_path to ''
as $function$
  select s.id, s.starts_at, s.minutes, s.confirm_each
  from public.viewing_slots as s
  join public.listings as l on l.id = s.listing_id and l.status = 'available'
  where s.listing_id = open_viewing_slots.listing_id
    and s.removed_at is null
    and s.starts_at >= now() + interval '1 hour'
    and not exists (
      select 1 from public.viewing_bookings as b
      where b.slot_id = s.id and b.status in ('requested', 'booked')
    )
  order by s.starts_at
  limit 40;
$function$;

revoke all on function public.open_viewing_slots(listing_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.open_viewing_slots(listing_id uuid) to anon;
grant execute on function public.open_viewing_slots(listing_id uuid) to authenticated;
grant execute on function public.open_viewing_slots(listing_id uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-place_words_of.sql
-- ==================================================================================================

/** The words of a location: its runs of letters and digits, lower-cased, each once (up to 100 characters). */

create or replace function public.place_words_of(location text)
  returns setof text
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select distinct m[1] from regexp_matches(lower(location), '[[:alnum:]]+', 'g') as m where length(m[1]) <= 100
$function$;

revoke all on function public.place_words_of(location text) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-places_named_in.sql
-- ==================================================================================================

/**
 * The busy places a listing's text (its name and description) names as capitalised words, and the complete
 * places its text or location contains anywhere, in any case; other than the words of its location, each once.
 */

create or replace function public.places_named_in(text text, location text)
  returns setof text
  language sql
  stable parallel safe
  set search_path to ''
as $function$
  select v.word
  from public.listing_place_vocabulary as v
  where v.homes > 1000
    and length(v.word) >= 4
    and strpos(lower(text), v.word) > 0
    and text ~ ('\m' || initcap(v.word) || '\M')
    and v.word not in (select public.place_words_of(location))
  union
  select v.word
  from public.listing_place_vocabulary as v
  where v.complete
    and strpos(lower(location || ' ' || text), v.word) > 0
    and v.word not in (select public.place_words_of(location))
$function$;

revoke all on function public.places_named_in(text text, location text) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-prioritise_moderation_case.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */

create or replace function public.prioritise_moderation_case()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  update public.moderation_cases as c
  set priority = case when tg_op = 'DELETE' then 1 else 0 end
  where c.listing_id = case when tg_op = 'DELETE' then old.listing_id else new.listing_id end
    and c.closed_at is null;
  return null;
end;
$function$;

revoke all on function public.prioritise_moderation_case() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-push_key_is_p256_point.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Push subscription keys
 * ---------------------------------------------------------------------------
 * push_key_is_p256_point(key): whether a base64url text (unpadded, or padded
 * to 88 characters) is an uncompressed point of P-256 (secp256r1, FIPS 186-4
 * D.1.2.3): 65 bytes, the first 0x04, then X and Y below p with
 * y² = x³ − 3x + b (mod p). In numeric, exact at any size.
 */

create or replace function public.push_key_is_p256_point(key text)
  returns boolean
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
as $function$
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
$function$;

comment on function public.push_key_is_p256_point(key text) is 'Whether a base64url text is an uncompressed P-256 point (65 bytes, 0x04, on the curve): a Web Push p256dh key.';

revoke all on function public.push_key_is_p256_point(key text) from public, anon, authenticated, service_role;
grant execute on function public.push_key_is_p256_point(key text) to authenticated;
grant execute on function public.push_key_is_p256_point(key text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-queue_health.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * queue_health(): every queue and schedule at a glance
 * ---------------------------------------------------------------------------
 * Per queue: how many wait, the oldest's age, what failed in the last 24
 * hours and why (given-up items included). Per schedule: the last run and how
 * it ended. Red: a queue whose oldest item waits over 10 minutes (daily
 * alerts wait for their hour by design, so alert_deliveries counts instant
 * ones), or a schedule not run for 3 of its periods. For moderators (the
 * Health screen) and the service role (a monitoring system, through
 * POST /rest/v1/rpc/queue_health).
 */

create or replace function public.queue_health()
  returns jsonb
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
declare
  queues jsonb;
  schedules jsonb;
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' and not public.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501';
  end if;

  with items as (
    select 'alert_deliveries' as queue, q.created_at,
      q.sent_at is null and q.gave_up_at is null as waiting,
      q.sent_at is null and q.gave_up_at is null and q.kind = 'instant' as timed,
      q.last_error, q.gave_up_at as gave_up_at,
      coalesce(q.gave_up_at, q.sent_at, q.next_attempt_at) as settled_at
    from public.alert_deliveries as q
    where (q.sent_at is null and q.gave_up_at is null) or q.last_error is not null
    union all
    select 'message_pushes', q.created_at, q.sent_at is null and q.gave_up_at is null,
      q.sent_at is null and q.gave_up_at is null, q.last_error, q.gave_up_at,
      coalesce(q.gave_up_at, q.sent_at, q.next_attempt_at)
    from public.message_pushes as q
    where (q.sent_at is null and q.gave_up_at is null) or q.last_error is not null
    union all
    select 'saved_home_pushes', q.created_at, q.sent_at is null and q.gave_up_at is null,
      q.sent_at is null and q.gave_up_at is null, q.last_error, q.gave_up_at,
      coalesce(q.gave_up_at, q.sent_at, q.next_attempt_at)
    from public.saved_home_pushes as q
    where (q.sent_at is null and q.gave_up_at is null) or q.last_error is not null
    union all
    select 'message_emails', q.created_at, q.sent_at is null, q.sent_at is null, q.last_error,
      case when q.outcome = 'gave-up' then q.sent_at end,
      coalesce(q.sent_at, q.next_attempt_at)
    from public.message_emails as q
    where q.sent_at is null or q.last_error is not null
  ),
  -- A failure of the last 24 hours: an item with an error whose last try (or giving up) falls in them.
  failures as (
    select i.queue, i.last_error, count(*) as items, count(i.gave_up_at) as gave_up
    from items as i
    where i.last_error is not null and i.settled_at >= now() - interval '24 hours'
    group by i.queue, i.last_error
  ),
  figures as (
    select
      names.queue,
      (select count(*) from items as i where i.queue = names.queue and i.waiting) as waiting,
      (select extract(epoch from now() - min(i.created_at))::bigint from items as i where i.queue = names.queue and i.timed)
        as oldest_seconds,
      coalesce((select sum(f.items) from failures as f where f.queue = names.queue), 0)::bigint as failed_24h,
      coalesce((select sum(f.gave_up) from failures as f where f.queue = names.queue), 0)::bigint as gave_up_24h,
      coalesce((
        select jsonb_agg(jsonb_build_object('error', f.last_error, 'items', f.items, 'gave_up', f.gave_up)
          order by f.items desc, f.last_error)
        from failures as f where f.queue = names.queue
      ), '[]'::jsonb) as errors
    from (values (1, 'alert_deliveries'), (2, 'message_pushes'), (3, 'saved_home_pushes'), (4, 'message_emails'))
      as names (position, queue)
    order by names.position
  )
  select jsonb_agg(jsonb_build_object(
    'queue', f.queue,
    'waiting', f.waiting,
    'oldest_seconds', f.oldest_seconds,
    'failed_24h', f.failed_24h,
    'gave_up_24h', f.gave_up_24h,
    'errors', f.errors,
    'red', coalesce(f.oldest_seconds > 600, false)
  ))
  into queues
  from figures as f;

  select jsonb_agg(jsonb_build_object(
    'schedule', s.schedule,
    'period_seconds', s.period_seconds,
    'last_started_at', last.started_at,
    'last_finished_at', last.finished_at,
    'last_outcome', last.outcome,
    'last_detail', last.detail,
    'failed_24h', (
      select count(*) from public.function_runs as r
      where r.schedule = s.schedule and r.outcome = 'failed' and r.finished_at >= now() - interval '24 hours'
    ),
    'red', last.finished_at is null or last.finished_at < now() - 3 * s.period_seconds * interval '1 second'
  ) order by s.schedule)
  into schedules
  from public.function_schedules as s
  left join lateral (
    select r.started_at, r.finished_at, r.outcome, r.detail
    from public.function_runs as r
    where r.schedule = s.schedule
    order by r.finished_at desc
    limit 1
  ) as last on true;

  return jsonb_build_object(
    'checked_at', now(),
    'healthy', not (
      exists (select 1 from jsonb_array_elements(queues) as q where (q ->> 'red')::boolean)
      or exists (select 1 from jsonb_array_elements(schedules) as s where (s ->> 'red')::boolean)
    ),
    'queues', queues,
    'schedules', schedules
  );
end;
$function$;

comment on function public.queue_health() is 'Each queue''s waiting items, oldest age and last-24-hour failures, and each schedule''s last run; red flags. Moderators and the service role.';

revoke all on function public.queue_health() from public, anon, authenticated, service_role;
grant execute on function public.queue_health() to authenticated;
grant execute on function public.queue_health() to service_role;

-- ==================================================================================================
-- supabase/schemas/02-queue_listing_alerts.sql
-- ==================================================================================================

/**
 * Saved-search matching reads the market too: a listing published already off
 * the market (seeded with an old status) records no match and queues no
 * alert, and `N new` counts only listings still on the market.
 */

create or replace function public.queue_listing_alerts()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  -- No saved search yet (a fresh database being seeded): nothing to find for any listing.
  if not exists (select from public.saved_searches) then
    return null;
  end if;
  with found as (
    select m.saved_search_id, m.user_id, m.alerts, l.id as listing_id, l.created_at
    from new_listings as l
    cross join lateral public.saved_searches_matching(l::public.listings) as m
    where m.user_id <> l.user_ref
      and exists (select 1 from public.market_listings as on_market where on_market.id = l.id)
  ),
  recorded as (
    insert into public.saved_search_matches (saved_search_id, listing_id, listing_created_at)
    select found.saved_search_id, found.listing_id, found.created_at from found
    on conflict do nothing
  )
  insert into public.alert_deliveries (saved_search_id, listing_id, user_id, kind)
  select found.saved_search_id, found.listing_id, found.user_id, found.alerts from found
  where found.alerts <> 'off'
  on conflict on constraint alert_deliveries_one_per_match do nothing;
  return null;
end;
$function$;

revoke all on function public.queue_listing_alerts() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-queue_message_email.sql
-- ==================================================================================================

/**
 * Notes that the caller opened the app now. Writes at most once a minute per person whatever the client
 * does (the app itself calls it at most once an hour); returns the time recorded.
 */

create or replace function public.queue_message_email()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  landlord uuid;
  seen timestamptz;
begin
  select c.landlord_id into landlord from public.conversations as c where c.id = new.conversation_id;
  -- Only messages to the landlord: from the hunter, while the landlord's account exists.
  if landlord is null or new.sender_id is not distinct from landlord then
    return null;
  end if;
  select o.last_seen_at into seen from public.app_openings as o where o.user_id = landlord;
  -- Already emailed about this conversation since the landlord last opened the app: same quiet period.
  if exists (
    select 1 from public.message_emails as e
    where e.conversation_id = new.conversation_id and e.recipient_id = landlord
      and e.outcome = 'sent' and e.sent_at > coalesce(seen, '-infinity')
  ) then
    return null;
  end if;
  insert into public.message_emails (conversation_id, recipient_id, sender_id, next_attempt_at)
  values (
    new.conversation_id, landlord, new.sender_id,
    greatest(now(), coalesce(seen, '-infinity') + interval '1 day')
  )
  on conflict (conversation_id, recipient_id) where sent_at is null do nothing;
  return null;
end;
$function$;

revoke all on function public.queue_message_email() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-queue_message_push.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Pushes for new messages
 * ---------------------------------------------------------------------------
 * Each new message owes its recipient a push: a row in this queue, written by a
 * trigger in the message's own transaction, sent by the send-alerts function
 * (supabase/functions/send-alerts/messages.ts) through the same Web Push code as
 * saved-search alerts. The sender claims rows with `for update skip locked` and
 * marks them sent in the transaction that holds the claim, so a sender that dies
 * loses nothing and a second sender never takes the same row. With push off (no
 * subscription) the row is simply marked sent: the unread count still shows.
 * The queue is the server's: no grants to anon or authenticated.
 */

create or replace function public.queue_message_push()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  insert into public.message_pushes (message_id, recipient_id)
  select new.id, recipient.id
  from public.conversations as c
  cross join lateral (
    select case when c.hunter_id = new.sender_id then c.landlord_id else c.hunter_id end as id
  ) as recipient
  where c.id = new.conversation_id
    and recipient.id is not null;
  return null;
end;
$function$;

revoke all on function public.queue_message_push() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-queue_saved_home_pushes.sql
-- ==================================================================================================

/**
 * After an update of listings: for each listing whose move matters, one push
 * per person who saved it and wants these alerts. One change per update, the
 * biggest: leaving the market, else going under offer (a status change into
 * under_offer, sold_stc or let_agreed), else a fall in price.
 */

create or replace function public.queue_saved_home_pushes()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  insert into public.saved_home_pushes (listing_id, user_id, change, status, price, previous_price)
  select moved.id, s.user_id, moved.change, moved.status, moved.price,
    case when moved.change = 'reduced' then moved.price + moved.reduced_by else moved.previous_price end
  from (
    select
      n.id,
      n.user_ref,
      n.status,
      n.effective_price as price,
      o.effective_price as previous_price,
      n.price_reduced_by as reduced_by,
      case
        when n.status in ('sold', 'let') and n.status is distinct from o.status then 'off_market'
        when n.status in ('under_offer', 'sold_stc', 'let_agreed') and n.status is distinct from o.status
          then 'under_offer'
        when n.effective_price < o.effective_price and n.price_reduced_by is not null then 'reduced'
      end as change
    from new_listings as n
    join old_listings as o on o.id = n.id
  ) as moved
  join public.saved_listings as s on s.listing_id = moved.id
  join public.profiles as p on p.id = s.user_id
  where moved.change is not null
    and p.saved_home_alerts
    and s.user_id <> moved.user_ref;
  return null;
end;
$function$;

revoke all on function public.queue_saved_home_pushes() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-record_function_run.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Scheduled functions' runs
 * ---------------------------------------------------------------------------
 * The senders record each run at its end (supabase/functions/_shared/
 * function-runs.ts); function_schedules mirrors supabase/functions/
 * schedules.json with each schedule's period, so a schedule that never ran
 * shows too.
 */

create or replace function public.record_function_run(schedule text, started_at timestamp with time zone, outcome text, detail text default ''::text)
  returns void
  language sql
  security definer
  set search_path to ''
as $function$
  delete from public.function_runs as r
  where r.schedule = record_function_run.schedule and r.finished_at < now() - interval '7 days';
  insert into public.function_runs (schedule, started_at, outcome, detail)
  values (record_function_run.schedule, record_function_run.started_at, record_function_run.outcome, left(coalesce(record_function_run.detail, ''), 2000));
$function$;

revoke all on function public.record_function_run(schedule text, started_at timestamp with time zone, outcome text, detail text) from public, anon, authenticated, service_role;
grant execute on function public.record_function_run(schedule text, started_at timestamp with time zone, outcome text, detail text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-record_listing_prices.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Price history
 * ---------------------------------------------------------------------------
 * One row when a listing is published (`Listed at`, no previous price) and one
 * for every change of the price a person pays. Written only by the triggers
 * below (security definer): no API role may insert, update or delete a row,
 * not even the service role, so history cannot be written or rewritten
 * through the API. Rows go with their listing.
 */

create or replace function public.record_listing_prices()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'INSERT' then
    insert into public.listing_price_history (listing_id, price, previous_price, changed_at)
    select l.id, l.effective_price, null, l.created_at from new_listings as l;
  else
    insert into public.listing_price_history (listing_id, price, previous_price, changed_at)
    select l.id, l.effective_price, o.effective_price, l.updated_at
    from new_listings as l
    join old_listings as o on o.id = l.id
    where l.effective_price is distinct from o.effective_price;
  end if;
  return null;
end;
$function$;

revoke all on function public.record_listing_prices() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-record_listing_statuses.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Status history
 * ---------------------------------------------------------------------------
 * Every status a listing has had, from its publication: the landlord's record
 * of the sale or let, and part of their data export. Written by trigger only,
 * like the price history: no API role may insert, update or delete a row.
 * Readable by whoever can read the listing.
 */

create or replace function public.record_listing_statuses()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'INSERT' then
    insert into public.listing_status_history (listing_id, status, previous_status, changed_at)
    select l.id, l.status, null, l.status_changed_at from new_listings as l;
  else
    insert into public.listing_status_history (listing_id, status, previous_status, changed_at)
    select l.id, l.status, o.status, l.status_changed_at
    from new_listings as l
    join old_listings as o on o.id = l.id
    where l.status is distinct from o.status;
  end if;
  return null;
end;
$function$;

revoke all on function public.record_listing_statuses() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-refuse_audit_change.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The audit trail (append-only)
 * ---------------------------------------------------------------------------
 * Every decision, appeal and role change: who, when, on what, and why. No
 * role may write it through the API (no grants); the moderation functions
 * write it as its owner, and the trigger refuses any update or delete, the
 * owner's included.
 */

create or replace function public.refuse_audit_change()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
begin
  raise exception 'The audit trail cannot be changed' using errcode = '42501';
end;
$function$;

revoke all on function public.refuse_audit_change() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-remove_viewing_slot.sql
-- ==================================================================================================

-- Removes one of the caller's slots; its live booking is cancelled with a line. Returns whether it was theirs.

create or replace function public.remove_viewing_slot(slot_id uuid)
  returns boolean
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  slot public.viewing_slots;
  booking public.viewing_bookings;
begin
  select * into slot from public.viewing_slots as s
  where s.id = remove_viewing_slot.slot_id and s.landlord_id = auth.uid()
  for update;
  if slot.id is null then
    return false;
  end if;
  update public.viewing_slots as s set removed_at = coalesce(s.removed_at, now()) where s.id = slot.id;
  for booking in
    update public.viewing_bookings as b
    set status = 'cancelled', cancelled_by = auth.uid(), updated_at = now()
    where b.slot_id = slot.id and b.status in ('requested', 'booked')
    returning b.*
  loop
    perform public.drop_viewing_reminders(booking.id);
    perform public.post_viewing_line(
      booking, booking.landlord_id,
      'Viewing cancelled for ' || public.viewing_time_text(booking.starts_at) || ': the landlord removed this time'
    );
  end loop;
  return true;
end;
$function$;

revoke all on function public.remove_viewing_slot(slot_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.remove_viewing_slot(slot_id uuid) to authenticated;
grant execute on function public.remove_viewing_slot(slot_id uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-request_client_address.sql
-- ==================================================================================================

-- The caller's address as the API gateway reports it (see above); 'unknown' when it reports none.

create or replace function public.request_client_address()
  returns text
  language sql
  stable security definer
  set search_path to ''
as $function$
  select public.client_address(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb);
$function$;

revoke all on function public.request_client_address() from public, anon, authenticated, service_role;
grant execute on function public.request_client_address() to anon;
grant execute on function public.request_client_address() to authenticated;
grant execute on function public.request_client_address() to service_role;

-- ==================================================================================================
-- supabase/schemas/02-require_moderator.sql
-- ==================================================================================================

-- The moderator check every moderation function starts with.

create or replace function public.require_moderator()
  returns uuid
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
begin
  if not public.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501';
  end if;
  return (select auth.uid());
end;
$function$;

revoke all on function public.require_moderator() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-review_listing_reports.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The operator's review (service role only)
 * ---------------------------------------------------------------------------
 * `select * from public.listing_reports_review` lists every listing with open
 * reports, hidden ones first; `select public.review_listing_reports(id)`
 * marks its reports reviewed and lists it again. To take a listing down
 * instead, remove its photos through the Storage API and delete its row.
 */

create or replace function public.review_listing_reports(listing_id uuid)
  returns integer
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  reviewed integer;
begin
  update public.listing_reports as r
  set reviewed_at = now()
  where r.listing_id = review_listing_reports.listing_id and r.reviewed_at is null;
  get diagnostics reviewed = row_count;
  delete from public.listing_review_holds as h where h.listing_id = review_listing_reports.listing_id;
  return reviewed;
end;
$function$;

comment on function public.review_listing_reports(listing_id uuid) is 'Marks the listing''s open reports reviewed and lists it again; returns how many were reviewed.';

revoke all on function public.review_listing_reports(listing_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.review_listing_reports(listing_id uuid) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-saved_home_pushes.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Alerts for saved homes
 * ---------------------------------------------------------------------------
 * A person may choose `Tell me when a saved home changes` (off by default):
 * then a home they saved owes them a push when its price falls, when it goes
 * under offer (Under offer, Sold STC, Let agreed) or when it leaves the market
 * (Sold, Let). The pushes are queued by a trigger in the listing's own
 * transaction and sent by the send-alerts function
 * (supabase/functions/send-alerts/saved-homes.ts) through the same Web Push
 * code as the other alerts, claimed `for update skip locked` and marked sent
 * in the transaction that holds the claim. Neither the landlord (for their own
 * home) nor anyone without the setting gets one. The queue is the server's:
 * no grants to anon or authenticated.
 */

create table public.saved_home_pushes (
  id bigint generated always as identity,
  listing_id uuid not null,
  user_id uuid not null,
  change text not null,
  status text not null,
  price integer not null,
  previous_price integer,
  created_at timestamp with time zone not null default now(),
  sent_at timestamp with time zone,
  attempts integer not null default 0,
  next_attempt_at timestamp with time zone not null default now(),
  last_error text,
  gave_up_at timestamp with time zone,
  constraint saved_home_pushes_pkey PRIMARY KEY (id),
  constraint saved_home_pushes_change_valid CHECK (change = ANY (ARRAY['reduced'::text, 'under_offer'::text, 'off_market'::text])),
  constraint saved_home_pushes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.saved_home_pushes is 'Pushes owed for changes of saved homes (one per change and person who saved it); sent by send-alerts.';

/**
 * ---------------------------------------------------------------------------
 * Saved-home pushes: given up is not sent
 * ---------------------------------------------------------------------------
 * As message pushes.
 */
create index saved_home_pushes_due ON public.saved_home_pushes using btree (next_attempt_at, id) WHERE ((sent_at IS NULL) AND (gave_up_at IS NULL));

create index saved_home_pushes_listing ON public.saved_home_pushes using btree (listing_id);

create index saved_home_pushes_user ON public.saved_home_pushes using btree (user_id);

-- The API roles get only what is granted here.
revoke all on table public.saved_home_pushes from anon, authenticated, service_role;
grant select, insert, update, delete on table public.saved_home_pushes to service_role;

-- Its identity's sequence.
revoke all on sequence saved_home_pushes_id_seq from anon, authenticated, service_role;

alter table public.saved_home_pushes enable row level security;

-- ==================================================================================================
-- supabase/schemas/02-saved_listings.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Saved listings
 * ---------------------------------------------------------------------------
 * The homes a signed-in user has saved, to find them again and to read them
 * offline. Private to that user. A row goes when its listing goes.
 */

create table public.saved_listings (
  user_id uuid not null default auth.uid(),
  listing_id uuid not null,
  created_at timestamp with time zone not null default now(),
  constraint saved_listings_pkey PRIMARY KEY (user_id, listing_id),
  constraint saved_listings_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

-- The primary key serves the policies (user_id first); this one serves the cascade from listings.
create index saved_listings_listing_id_idx ON public.saved_listings using btree (listing_id);

create index saved_listings_user_newest_idx ON public.saved_listings using btree (user_id, created_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.saved_listings from anon, authenticated, service_role;
grant select, insert, delete on table public.saved_listings to authenticated;
grant select, insert, update, delete on table public.saved_listings to service_role;

alter table public.saved_listings enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Users can save listings for themselves"
  on public.saved_listings for insert to authenticated
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can unsave their saved listings"
  on public.saved_listings for delete to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can view their saved listings"
  on public.saved_listings for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

-- ==================================================================================================
-- supabase/schemas/02-saved_search_new_counts.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * `N new`, up to 1,000
 * ---------------------------------------------------------------------------
 * saved_search_new_counts counted at most 100 matches a search, so a broad
 * search said `100 new` however many had come. It now counts up to 1,001: up
 * to 1,000 the count is exact (`capped` false); beyond, new_count is 1,000
 * and `capped` is true, which the app shows as `1,000+ new`. Otherwise as
 * before: the caller's searches only, listings published after the search was
 * last opened that still match it and are still on the market, not the
 * caller's own. The result's columns change, so the function is created anew.
 */

create or replace function public.saved_search_new_counts()
  returns table(saved_search_id uuid, new_count integer, capped boolean)
  language sql
  stable security definer
  set search_path to ''
as $function$
  select s.id, least(counted.n, 1000)::integer, counted.n > 1000
  from public.saved_searches as s
  cross join lateral (
    select count(*) as n
    from (
      select
      from public.saved_search_matches as m
      join public.listings as l on l.id = m.listing_id
      where m.saved_search_id = s.id
        and m.listing_created_at > s.last_opened_at
        and l.user_ref <> s.user_id
        and public.listing_matches_search(l, s.params)
        and exists (select 1 from public.market_listings as on_market where on_market.id = l.id)
      limit 1001
    ) as matches
  ) as counted
  where s.user_id = (select auth.uid())
  order by s.created_at, s.id;
$function$;

comment on function public.saved_search_new_counts() is 'For each of the caller''s saved searches, how many homes are new to it: exact up to 1,000; capped means more than 1,000.';

revoke all on function public.saved_search_new_counts() from public, anon, authenticated, service_role;
grant execute on function public.saved_search_new_counts() to authenticated;
grant execute on function public.saved_search_new_counts() to service_role;

-- ==================================================================================================
-- supabase/schemas/02-saved_search_params_valid.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Searches: `underOffer` and the `reduced` sort
 * ---------------------------------------------------------------------------
 * A search's `underOffer: false` (the URL's `?underOffer=false`; on by
 * default, never written when on) keeps only available homes; `sort` may be
 * `reduced`. saved_search_params_valid accepts exactly these and
 * listing_matches_search applies the first as src/utils/match-listings.ts
 * does. Whether a listing is still on the market is not part of the match: the
 * callers read market_listings.
 */

create or replace function public.saved_search_params_valid(params jsonb)
  returns boolean
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
as $function$
declare
  key text;
  value jsonb;
  q text;
  -- JavaScript's \s: what parseHomeSearch turns into single spaces and trims.
  js_space constant text := '[\t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]';
  utf16_length integer;
  low integer;
  high integer;
begin
  if jsonb_typeof(params) <> 'object' then
    return false;
  end if;
  for key, value in select entry.key, entry.value from jsonb_each(params) as entry loop
    if key = 'q' then
      if jsonb_typeof(value) <> 'string' then
        return false;
      end if;
      q := value #>> '{}';
      utf16_length := char_length(q) + char_length(regexp_replace(q, '[^\U00010000-\U0010ffff]', '', 'g'));
      -- Cut at 100 units after trimming, the text may end in a space only when it was cut.
      if utf16_length not between 1 and 100 or q ~ js_space or strpos(q, '  ') > 0
        or left(q, 1) = ' ' or (right(q, 1) = ' ' and utf16_length < 100) then
        return false;
      end if;
    elsif key = 'type' then
      if value not in ('"rent"', '"sale"') then
        return false;
      end if;
    elsif key in ('minPrice', 'maxPrice', 'minBeds', 'minBaths') then
      if jsonb_typeof(value) <> 'number' then
        return false;
      end if;
      low := case key when 'maxPrice' then 0 else 1 end;
      high := case when key in ('minPrice', 'maxPrice') then 750000000 else 50 end;
      if value::numeric <> trunc(value::numeric) or value::numeric not between low and high then
        return false;
      end if;
    elsif key in ('parking', 'furnished', 'offer') then
      if value <> 'true' then
        return false;
      end if;
    elsif key = 'underOffer' then
      -- On by default, so only its off value is ever written.
      if value <> 'false' then
        return false;
      end if;
    elsif key = 'sort' then
      if value not in ('"price-asc"', '"price-desc"', '"reduced"') then
        return false;
      end if;
    elsif key = 'bbox' then
      if jsonb_typeof(value) <> 'string' or not public.search_bbox_valid(value #>> '{}') then
        return false;
      end if;
    else
      return false;
    end if;
  end loop;
  return true;
end;
$function$;

revoke all on function public.saved_search_params_valid(params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.saved_search_params_valid(params jsonb) to anon;
grant execute on function public.saved_search_params_valid(params jsonb) to authenticated;
grant execute on function public.saved_search_params_valid(params jsonb) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-search_area_cell.sql
-- ==================================================================================================

/** Where a map area is filed: the size level (k + 10) and the cell of its south-west corner, in one key. */

create or replace function public.search_area_cell(area box)
  returns bigint
  language sql
  immutable parallel safe strict
  set search_path to ''
RETURN (WITH span AS (SELECT (GREATEST((((search_area_cell.area)[0])[0] - ((search_area_cell.area)[1])[0]), (((search_area_cell.area)[0])[1] - ((search_area_cell.area)[1])[1])) * (1.001)::double precision) AS size), estimate AS (SELECT span.size, (ceil((ln(GREATEST(span.size, (0.000000001)::double precision)) / ln((2)::double precision))))::integer AS k FROM span), level AS (SELECT GREATEST('-10'::integer, LEAST(9, CASE WHEN (power((2)::double precision, (estimate.k)::double precision) < estimate.size) THEN (estimate.k + 1) ELSE estimate.k END)) AS k FROM estimate) SELECT (((((level.k + 10))::bigint * '1099511627776'::bigint) + ((floor(((((search_area_cell.area)[1])[0] + (180)::double precision) / power((2)::double precision, (level.k)::double precision))))::bigint * 1048576)) + (floor(((((search_area_cell.area)[1])[1] + (90)::double precision) / power((2)::double precision, (level.k)::double precision))))::bigint) FROM level);

revoke all on function public.search_area_cell(area box) from public, anon, authenticated, service_role;
grant execute on function public.search_area_cell(area box) to authenticated;
grant execute on function public.search_area_cell(area box) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-search_bbox_valid.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * What a saved search's parameters may hold
 * ---------------------------------------------------------------------------
 * Exactly what parseHomeSearch (src/types/home-search.ts) gives for a URL,
 * without `view`: known keys only, defaults left out, numbers as whole JSON
 * numbers in range, flags as `true`, the sort as `price-asc` or `price-desc`,
 * `q` as normalised text (single spaces, no other whitespace, up to 100
 * UTF-16 units as JavaScript counts them), and `bbox` as
 * "west,south,east,north" written as JavaScript writes numbers, in range, west
 * below east and south below north.
 */

create or replace function public.search_bbox_valid(bbox text)
  returns boolean
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
  set extra_float_digits to '1'
as $function$
declare
  parts text[] := string_to_array(bbox, ',');
  part text;
  coordinates float8[] := '{}';
  coordinate float8;
begin
  if cardinality(parts) <> 4 then
    return false;
  end if;
  foreach part in array parts loop
    if part !~ '^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$' or part = '-0' then
      return false;
    end if;
    coordinate := part::float8;
    -- JavaScript writes 1e-7 in exponent form, which the URL's bbox does not accept.
    if coordinate::text::numeric <> part::numeric or (coordinate <> 0 and abs(coordinate) < 0.000001) then
      return false;
    end if;
    coordinates := coordinates || coordinate;
  end loop;
  return abs(coordinates[1]) <= 180 and abs(coordinates[3]) <= 180
    and abs(coordinates[2]) <= 90 and abs(coordinates[4]) <= 90
    and coordinates[1] < coordinates[3] and coordinates[2] < coordinates[4];
end;
$function$;

revoke all on function public.search_bbox_valid(bbox text) from public, anon, authenticated, service_role;
grant execute on function public.search_bbox_valid(bbox text) to anon;
grant execute on function public.search_bbox_valid(bbox text) to authenticated;
grant execute on function public.search_bbox_valid(bbox text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-search_filter_conditions.sql
-- ==================================================================================================

/**
 * A search's filters as conditions on the columns market_listings and listing_place_words share, for a query run
 * by EXECUTE with count_listings' arguments in its order: $2 type, $3 and $4 the prices, $5 beds, $6 baths, $7 to
 * $10 the area's west, east, south and north. Only the conditions' text depends on the arguments; their values
 * are always parameters.
 */

create or replace function public.search_filter_conditions(type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, in_area boolean)
  returns text[]
  language sql
  immutable
  set search_path to ''
as $function$
  select array['true']
    || case when type is not null then array['type = $2'] else '{}' end
    || case when min_price is not null then array['effective_price >= $3'] else '{}' end
    || case when max_price is not null then array['effective_price <= $4'] else '{}' end
    || case when min_beds is not null then array['bedrooms >= $5'] else '{}' end
    || case when min_baths is not null then array['bathrooms >= $6'] else '{}' end
    || case when parking then array['parking'] else '{}' end
    || case when furnished then array['furnished'] else '{}' end
    || case when offer then array['offer'] else '{}' end
    || case when available_only then array['status = ''available'''] else '{}' end
    || case when in_area then array['longitude >= $7', 'longitude <= $8', 'latitude >= $9', 'latitude <= $10']
         else '{}' end
$function$;

revoke all on function public.search_filter_conditions(type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, in_area boolean) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-search_fold.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Text matching
 * ---------------------------------------------------------------------------
 * `search_fold` lowercases as JavaScript's String.prototype.toLowerCase does
 * (Unicode's default case conversion, with the context rules: a final capital
 * sigma becomes `ς`, the dotted capital I becomes `i` and a combining dot),
 * whatever the database's locale: it uses ICU's root collation, which hosted
 * Supabase and the local stack both have. A database created with the C locale
 * would otherwise lowercase ASCII letters only, and the device, which matches
 * with JavaScript, would disagree about `É` and `é`. Capital letters added to
 * Unicode after the ICU of older servers (Georgian Mtavruli, some Latin and
 * others) are mapped explicitly; where ICU already knows them this changes
 * nothing.
 *
 * `search_words` is searchWords of the app: the text split on whitespace, the
 * characters `% _ * \ , ( )` removed, lowercased, repeated words dropped, at
 * most the first 8 words.
 */

create or replace function public.search_fold(value text)
  returns text
  language sql
  immutable parallel safe strict
RETURN CASE WHEN (value ~ '[\u1c89\u1c90-\u1cba\u1cbd-\u1cbf\u2c2f\ua7b8\ua7ba\ua7bc\ua7be\ua7c0\ua7c2\ua7c4-\ua7c7\ua7c9\ua7cb-\ua7cc\ua7ce\ua7d0\ua7d2\ua7d4\ua7d6\ua7d8\ua7da\ua7dc\ua7f5\U00010570-\U0001057a\U0001057c-\U0001058a\U0001058c-\U00010592\U00010594-\U00010595\U00010d50-\U00010d65\U00016e40-\U00016e5f\U00016ea0-\U00016eb8]'::text) THEN translate(lower((value COLLATE "und-x-icu")), 'ᲉᲐᲑᲒᲓᲔᲕᲖᲗᲘᲙᲚᲛᲜᲝᲞᲟᲠᲡᲢᲣᲤᲥᲦᲧᲨᲩᲪᲫᲬᲭᲮᲯᲰᲱᲲᲳᲴᲵᲶᲷᲸᲹᲺᲽᲾᲿⰯꞸꞺꞼꞾꟀꟂꟄꟅꟆꟇꟉꟋꟌ꟎Ꟑ꟒꟔ꟖꟘꟚꟜꟵ𐕰𐕱𐕲𐕳𐕴𐕵𐕶𐕷𐕸𐕹𐕺𐕼𐕽𐕾𐕿𐖀𐖁𐖂𐖃𐖄𐖅𐖆𐖇𐖈𐖉𐖊𐖌𐖍𐖎𐖏𐖐𐖑𐖒𐖔𐖕𐵐𐵑𐵒𐵓𐵔𐵕𐵖𐵗𐵘𐵙𐵚𐵛𐵜𐵝𐵞𐵟𐵠𐵡𐵢𐵣𐵤𐵥𖹀𖹁𖹂𖹃𖹄𖹅𖹆𖹇𖹈𖹉𖹊𖹋𖹌𖹍𖹎𖹏𖹐𖹑𖹒𖹓𖹔𖹕𖹖𖹗𖹘𖹙𖹚𖹛𖹜𖹝𖹞𖹟𖺠𖺡𖺢𖺣𖺤𖺥𖺦𖺧𖺨𖺩𖺪𖺫𖺬𖺭𖺮𖺯𖺰𖺱𖺲𖺳𖺴𖺵𖺶𖺷𖺸'::text, 'ᲊაბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰჱჲჳჴჵჶჷჸჹჺჽჾჿⱟꞹꞻꞽꞿꟁꟃꞔʂᶎꟈꟊɤꟍ꟏ꟑꟓꟕꟗꟙꟛƛꟶ𐖗𐖘𐖙𐖚𐖛𐖜𐖝𐖞𐖟𐖠𐖡𐖣𐖤𐖥𐖦𐖧𐖨𐖩𐖪𐖫𐖬𐖭𐖮𐖯𐖰𐖱𐖳𐖴𐖵𐖶𐖷𐖸𐖹𐖻𐖼𐵰𐵱𐵲𐵳𐵴𐵵𐵶𐵷𐵸𐵹𐵺𐵻𐵼𐵽𐵾𐵿𐶀𐶁𐶂𐶃𐶄𐶅𖹠𖹡𖹢𖹣𖹤𖹥𖹦𖹧𖹨𖹩𖹪𖹫𖹬𖹭𖹮𖹯𖹰𖹱𖹲𖹳𖹴𖹵𖹶𖹷𖹸𖹹𖹺𖹻𖹼𖹽𖹾𖹿𖺻𖺼𖺽𖺾𖺿𖻀𖻁𖻂𖻃𖻄𖻅𖻆𖻇𖻈𖻉𖻊𖻋𖻌𖻍𖻎𖻏𖻐𖻑𖻒𖻓'::text) ELSE lower((value COLLATE "und-x-icu")) END;

revoke all on function public.search_fold(value text) from public, anon, authenticated, service_role;
grant execute on function public.search_fold(value text) to anon;
grant execute on function public.search_fold(value text) to authenticated;
grant execute on function public.search_fold(value text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-search_place.sql
-- ==================================================================================================

/**
 * The complete place a search's words are read from: the word of the search (patterns as `%word%`, lower case)
 * that is a complete place, the one with the fewest homes if several are, when every other word is a dictionary
 * word; with the bits of those other words. No row when there is none. Called by search_newest and
 * search_by_price as their owner; granted to no one else (it reads the place vocabulary, which nobody else reads).
 */

create or replace function public.search_place(patterns text[], OUT place text, OUT other_marks bigint)
  returns record
  language sql
  stable
  set search_path to ''
as $function$
  select v.word, coalesce(bit_or(1::bigint << c.bit), 0)
  from public.listing_place_vocabulary as v
    left join unnest(patterns) as p (pattern) on p.pattern <> '%' || v.word || '%'
    left join public.listing_common_words as c on '%' || c.word || '%' = p.pattern
  where v.word = any (array(select substr(q, 2, length(q) - 2) from unnest(patterns) as q)) and v.complete
  group by v.word, v.homes
  having count(p.pattern) = count(c.word)
  order by v.homes, v.word
  limit 1
$function$;

revoke all on function public.search_place(patterns text[], OUT place text, OUT other_marks bigint) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-search_point_cells.sql
-- ==================================================================================================

/** The keys under which an area that may hold the point is filed: at each size, its cell and the three west and south. */

create or replace function public.search_point_cells(longitude double precision, latitude double precision)
  returns bigint[]
  language sql
  immutable parallel safe strict
  set search_path to ''
RETURN ARRAY(SELECT (((((k.k + 10))::bigint * '1099511627776'::bigint) + (((floor(((search_point_cells.longitude + (180)::double precision) / power((2)::double precision, (k.k)::double precision))))::bigint - x.west) * 1048576)) + ((floor(((search_point_cells.latitude + (90)::double precision) / power((2)::double precision, (k.k)::double precision))))::bigint - y.south)) FROM generate_series('-10'::integer, 9) k(k), (VALUES (0), (1)) x(west), (VALUES (0), (1)) y(south));

revoke all on function public.search_point_cells(longitude double precision, latitude double precision) from public, anon, authenticated, service_role;
grant execute on function public.search_point_cells(longitude double precision, latitude double precision) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-search_text_pieces.sql
-- ==================================================================================================

-- The pieces of 3 to 5 characters of a folded text (search_fold). A word holds no space, so neither
-- does a piece of one: pieces are taken word by word.

create or replace function public.search_text_pieces(folded text)
  returns text[]
  language sql
  immutable parallel safe strict
BEGIN ATOMIC
 SELECT ARRAY( SELECT substr(word.word, start.start, size.size) AS substr
            FROM ((regexp_split_to_table(search_text_pieces.folded, ' '::text) word(word)
              CROSS JOIN LATERAL generate_series(1, (char_length(word.word) - 2)) start(start))
              CROSS JOIN LATERAL generate_series(3, LEAST(5, ((char_length(word.word) - start.start) + 1))) size(size))) AS "array";
END;

revoke all on function public.search_text_pieces(folded text) from public, anon, authenticated, service_role;
grant execute on function public.search_text_pieces(folded text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-search_words_in.sql
-- ==================================================================================================

/**
 * Whether every one of the words (search_words of a search) is in the text
 * (search_fold of a listing's text).
 */

create or replace function public.search_words_in(folded text, words text[])
  returns boolean
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
as $function$
declare
  word text;
begin
  foreach word in array words loop
    if strpos(folded, word) = 0 then
      return false;
    end if;
  end loop;
  return true;
end;
$function$;

revoke all on function public.search_words_in(folded text, words text[]) from public, anon, authenticated, service_role;
grant execute on function public.search_words_in(folded text, words text[]) to anon;
grant execute on function public.search_words_in(folded text, words text[]) to authenticated;
grant execute on function public.search_words_in(folded text, words text[]) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-send_enquiry.sql
-- ==================================================================================================

-- An enquiry: finds or starts the caller's conversation about the listing and adds the message once.

create or replace function public.send_enquiry(listing_id uuid, message_id uuid, body text)
  returns uuid
  language plpgsql
  set search_path to ''
as $function$
declare
  found uuid;
begin
  insert into public.conversations (listing_id) values (send_enquiry.listing_id)
  on conflict on constraint conversations_one_per_listing do nothing;
  select c.id into found from public.conversations as c
  where c.listing_id = send_enquiry.listing_id and c.hunter_id = (select auth.uid());
  insert into public.messages (id, conversation_id, body)
  values (send_enquiry.message_id, found, send_enquiry.body)
  on conflict (id) do nothing;
  return found;
end;
$function$;

revoke all on function public.send_enquiry(listing_id uuid, message_id uuid, body text) from public, anon, authenticated, service_role;
grant execute on function public.send_enquiry(listing_id uuid, message_id uuid, body text) to authenticated;
grant execute on function public.send_enquiry(listing_id uuid, message_id uuid, body text) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-set_viewing_mode.sql
-- ==================================================================================================

-- Book instantly (false) or confirm each request (true), for the listing's open and later-added times.

create or replace function public.set_viewing_mode(listing_id uuid, confirm_each boolean)
  returns integer
  language sql
  set search_path to ''
as $function$
  with changed as (
    update public.viewing_slots as s
    set confirm_each = set_viewing_mode.confirm_each
    where s.listing_id = set_viewing_mode.listing_id and s.landlord_id = (select auth.uid())
      and s.removed_at is null and s.starts_at > now()
    returning 1
  )
  select count(*)::integer from changed;
$function$;

revoke all on function public.set_viewing_mode(listing_id uuid, confirm_each boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_viewing_mode(listing_id uuid, confirm_each boolean) to authenticated;
grant execute on function public.set_viewing_mode(listing_id uuid, confirm_each boolean) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-stamp_conversation.sql
-- ==================================================================================================

-- A new conversation: its landlord from the listing, its hunter the caller; the daily limit and blocks.

create or replace function public.stamp_conversation()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  owner uuid;
begin
  if tg_op = 'UPDATE' then
    if new.hunter_id <> old.hunter_id or new.landlord_id <> old.landlord_id
       or new.created_at <> old.created_at
       or new.listing_id is distinct from old.listing_id and new.listing_id is not null then
      raise exception 'A conversation''s people, listing and start cannot change' using errcode = '42501';
    end if;
    return new;
  end if;

  -- Started by the caller (the service role may name the hunter, for seeding and tests).
  if auth.uid() is not null then
    new.hunter_id := auth.uid();
  end if;
  new.created_at := now();
  new.last_message_at := now();
  new.last_sender_id := null;
  new.hunter_read_at := now();
  new.landlord_read_at := '-infinity';

  select l.user_ref into owner from public.listings as l where l.id = new.listing_id;
  if owner is null then
    raise exception 'This listing is no longer available' using errcode = 'P0002';
  end if;
  new.landlord_id := owner;
  if owner = new.hunter_id then
    raise exception 'This is your own listing' using errcode = '23514';
  end if;

  -- A repeated enquiry about the same listing finds its conversation (ON CONFLICT DO NOTHING): no limit.
  if exists (
    select 1 from public.conversations as c
    where c.listing_id = new.listing_id and c.hunter_id = new.hunter_id
  ) then
    return new;
  end if;

  if exists (
    select 1 from public.blocked_senders as b
    where b.blocker_id = owner and b.blocked_id = new.hunter_id
  ) then
    raise exception 'This person is not accepting your messages' using errcode = '42501';
  end if;

  -- One sender's starts are counted one at a time, so two at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('conversations:' || new.hunter_id::text, 0));
  if (
    select count(*) from public.conversations as c
    where c.hunter_id = new.hunter_id and c.created_at > now() - interval '1 day'
  ) >= 10 then
    raise exception 'You can start up to 10 new conversations a day' using errcode = 'P0001';
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_conversation() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-stamp_listing.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Server-owned columns
 * ---------------------------------------------------------------------------
 * stamp_listing (the listings migration) now also keeps the market columns.
 * For API callers (anon, authenticated) they always take the server's values.
 * The service role and the table owner (seeding, maintenance) may set the
 * reduction when inserting, and change status_changed_at and the reduction in
 * an update that does not change the status or the price; a new listing's
 * status_changed_at is its created_at, and off_market_at always follows the
 * status and status_changed_at, for everyone. Generated columns
 * are not yet computed in a BEFORE trigger, so the price a person pays is
 * worked out here as effective_price defines it.
 */

create or replace function public.stamp_listing()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
declare
  api_caller boolean := current_user in ('anon', 'authenticated')
    or coalesce(auth.role(), '') in ('anon', 'authenticated');
  new_price integer;
  lowest_shown integer;
begin
  if tg_op = 'INSERT' then
    -- Bulk inserts send absent keys as null, so fall back to the defaults here.
    new.id := coalesce(new.id, gen_random_uuid());
    new.status := coalesce(new.status, 'available');
    new.version := 1;
    if api_caller then
      new.created_at := now();
      new.user_ref := auth.uid();
      new.price_reduced_at := null;
      new.price_reduced_by := null;
    else
      new.created_at := coalesce(new.created_at, now());
      new.user_ref := coalesce(new.user_ref, auth.uid());
    end if;
    new.updated_at := new.created_at;
    -- A new listing's status has not changed since it was published.
    new.status_changed_at := new.created_at;
  else
    if new.version is distinct from old.version then
      raise exception 'listing_version_conflict'
        using errcode = 'P0001',
          detail = format('The listing is at version %s; the update started from version %s.', old.version, new.version),
          hint = 'Read the listing again and apply the change to its current version.';
    end if;
    new.id := old.id;
    new.created_at := old.created_at;
    new.user_ref := old.user_ref;
    new.updated_at := now();
    new.version := old.version + 1;

    if new.status is distinct from old.status then
      new.status_changed_at := now();
    elsif api_caller or new.status_changed_at is null then
      new.status_changed_at := old.status_changed_at;
    end if;

    new_price := case when new.offer then new.discounted_price else new.regular_price end;
    if new_price is distinct from old.effective_price then
      -- The history's rows are visible to whoever may update the listing (its select policy).
      select min(shown.price) into lowest_shown
      from (
        select old.effective_price as price
        union all
        select h.price from public.listing_price_history as h
        where h.listing_id = old.id and h.changed_at > now() - interval '30 days'
        union all
        (
          select h.price from public.listing_price_history as h
          where h.listing_id = old.id and h.changed_at <= now() - interval '30 days'
          order by h.changed_at desc, h.id desc
          limit 1
        )
      ) as shown;
      if new_price < lowest_shown then
        new.price_reduced_at := now();
        new.price_reduced_by := lowest_shown - new_price;
      else
        new.price_reduced_at := null;
        new.price_reduced_by := null;
      end if;
    elsif api_caller then
      new.price_reduced_at := old.price_reduced_at;
      new.price_reduced_by := old.price_reduced_by;
    end if;
  end if;

  new.off_market_at := case
    when new.status in ('sold', 'let') then new.status_changed_at + interval '14 days'
    when new.status in ('sold_stc', 'let_agreed') then new.status_changed_at + interval '60 days'
  end;
  return new;
end;
$function$;

revoke all on function public.stamp_listing() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-stamp_listing_report.sql
-- ==================================================================================================

-- A report is the caller's, at the server's time, not yet reviewed, and never of their own listing.

create or replace function public.stamp_listing_report()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if auth.uid() is not null then
    new.reporter_id := auth.uid();
  end if;
  new.created_at := now();
  new.reviewed_at := null;
  if exists (select 1 from public.listings as l where l.id = new.listing_id and l.user_ref = new.reporter_id) then
    raise exception 'You cannot report your own listing' using errcode = 'P0001';
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_listing_report() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-stamp_message.sql
-- ==================================================================================================

-- A message: the sender is the caller, the time the server's; blocks and the hourly limit.

create or replace function public.stamp_message()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  other_side uuid;
  participant boolean;
begin
  if auth.uid() is not null then
    new.sender_id := auth.uid();
  end if;
  new.created_at := now();

  -- The same message sent again (the outbox repeating a send): ON CONFLICT DO NOTHING takes it once.
  if exists (select 1 from public.messages as m where m.id = new.id) then
    return new;
  end if;

  if not public.conversation_open_to(new.conversation_id, new.sender_id) then
    select true, case when c.hunter_id = new.sender_id then c.landlord_id else c.hunter_id end
    into participant, other_side
    from public.conversations as c
    where c.id = new.conversation_id and new.sender_id in (c.hunter_id, c.landlord_id);
    if participant and other_side is null then
      raise exception 'This person has left Roost'
        using errcode = 'PT410', hint = 'The conversation stays readable; nobody is left to read a reply.';
    end if;
    if participant then
      raise exception 'This person is not accepting your messages' using errcode = '42501';
    end if;
    -- Not a participant: row-level security refuses the row, saying nothing about the conversation.
    return new;
  end if;

  perform pg_advisory_xact_lock(hashtextextended('messages:' || new.sender_id::text, 0));
  if (
    select count(*) from public.messages as m
    where m.sender_id = new.sender_id and m.created_at > now() - interval '1 hour'
  ) >= 60 then
    raise exception 'You can send up to 60 messages an hour' using errcode = 'P0001';
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_message() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-stamp_push_subscription.sql
-- ==================================================================================================

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

-- ==================================================================================================
-- supabase/schemas/02-stamp_saved_search.sql
-- ==================================================================================================

/**
 * Server-owned columns and the limit. For everyone, user_id and created_at
 * never change; updated_at records a change of name, parameters or alerts;
 * last_opened_at starts at created_at and is never in the future. For API callers an insert gets the
 * caller's id and the server's time. At most 20 searches a person: a per-person
 * lock makes two concurrent inserts count one after the other, and an insert of
 * an id that exists is let through so `on conflict do nothing` can skip it.
 */

create or replace function public.stamp_saved_search()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
declare
  api_caller boolean := current_user in ('anon', 'authenticated')
    or coalesce(auth.role(), '') in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    new.id := coalesce(new.id, gen_random_uuid());
    if api_caller then
      new.user_id := auth.uid();
      new.created_at := now();
    else
      new.user_id := coalesce(new.user_id, auth.uid());
      new.created_at := coalesce(new.created_at, now());
    end if;
    new.updated_at := new.created_at;
    -- Matches are recorded from the moment a search exists, so it cannot have been opened before.
    new.last_opened_at := new.created_at;
    perform pg_advisory_xact_lock(hashtextextended('public.saved_searches:' || new.user_id::text, 0));
    if not exists (select from public.saved_searches where id = new.id)
      and (select count(*) from public.saved_searches where user_id = new.user_id) >= 20 then
      raise exception 'You can save up to 20 searches'
        using errcode = 'P0001', hint = 'Delete a saved search to save another.';
    end if;
  else
    new.id := old.id;
    new.user_id := old.user_id;
    new.created_at := old.created_at;
    new.last_opened_at := least(new.last_opened_at, now());
    if (new.name, new.params, new.alerts) is distinct from (old.name, old.params, old.alerts) then
      new.updated_at := now();
    else
      new.updated_at := old.updated_at;
    end if;
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_saved_search() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-stamp_viewing_slot.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Slots: the rules a landlord's insert meets
 * ---------------------------------------------------------------------------
 */

create or replace function public.stamp_viewing_slot()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  owner uuid;
begin
  select l.user_ref into owner from public.listings as l where l.id = new.listing_id;
  if owner is null then
    raise exception 'This listing is no longer available' using errcode = 'VW002';
  end if;
  if auth.uid() is not null and owner <> auth.uid() then
    raise exception 'Only the listing''s landlord offers its viewing times' using errcode = 'VW015';
  end if;
  new.landlord_id := owner;
  new.created_at := now();
  new.removed_at := null;
  if new.starts_at <= now() then
    raise exception 'A viewing time cannot be in the past' using errcode = 'VW010';
  end if;
  if new.minutes > 120 then
    raise exception 'A viewing lasts at most 2 hours' using errcode = 'VW012';
  end if;
  if new.minutes < 5 then
    raise exception 'A viewing lasts at least 5 minutes' using errcode = 'VW012';
  end if;
  if new.starts_at > now() + interval '90 days' then
    raise exception 'Viewing times can be offered up to 90 days ahead' using errcode = 'VW013';
  end if;
  new.ends_at := new.starts_at + new.minutes * interval '1 minute';

  -- One listing's slots are added one statement at a time, so the count and the overlap check hold.
  perform pg_advisory_xact_lock(hashtextextended('viewing_slots:' || new.listing_id::text, 0));
  if exists (
    select 1 from public.viewing_slots as s
    where s.listing_id = new.listing_id and s.removed_at is null
      and tstzrange(s.starts_at, s.ends_at) && tstzrange(new.starts_at, new.ends_at)
  ) then
    raise exception 'That time overlaps another viewing time' using errcode = 'VW011';
  end if;
  if (
    select count(*) from public.viewing_slots as s
    where s.listing_id = new.listing_id and s.removed_at is null and s.starts_at > now()
  ) >= 40 then
    raise exception 'A listing can offer up to 40 open viewing times' using errcode = 'VW014';
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_viewing_slot() from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/02-storage-buckets.sql
-- ==================================================================================================

-- What Roost adds to storage.buckets, which the platform owns: only rows, policies and triggers.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('listing-images', 'listing-images', true, 5242880, '{image/jpeg,image/png,image/webp}')
on conflict (id) do nothing;

-- ==================================================================================================
-- supabase/schemas/02-storage-objects.sql
-- ==================================================================================================

-- What Roost adds to storage.objects, which the platform owns: only rows, policies and triggers.

/**
 * ---------------------------------------------------------------------------
 * Row level security on storage.objects
 * ---------------------------------------------------------------------------
 * Upserting uploads need insert, select and update; removing needs delete and
 * select. The first folder of the object's name is its owner's id.
 */
create policy "Listing images are visible to everyone"
  on storage.objects for select to anon, authenticated
  using ((bucket_id = 'listing-images'::text));

create policy "Users can delete listing images in their own folder"
  on storage.objects for delete to authenticated
  using (((bucket_id = 'listing-images'::text) AND ((storage.foldername(name))[1] = ( SELECT (auth.uid())::text AS uid))));

create policy "Users can replace listing images in their own folder"
  on storage.objects for update to authenticated
  using (((bucket_id = 'listing-images'::text) AND ((storage.foldername(name))[1] = ( SELECT (auth.uid())::text AS uid))))
  with check (((bucket_id = 'listing-images'::text) AND ((storage.foldername(name))[1] = ( SELECT (auth.uid())::text AS uid))));

create policy "Users can upload listing images to their own folder"
  on storage.objects for insert to authenticated
  with check (((bucket_id = 'listing-images'::text) AND ((storage.foldername(name))[1] = ( SELECT (auth.uid())::text AS uid))));

-- ==================================================================================================
-- supabase/schemas/02-unread_conversation_count.sql
-- ==================================================================================================

-- How many of the caller's conversations have a message the caller has not read.

create or replace function public.unread_conversation_count()
  returns integer
  language sql
  stable
  set search_path to ''
as $function$
  select (
    (select count(*) from public.conversations as c
     where c.hunter_id = (select auth.uid()) and c.last_message_at > c.hunter_read_at)
    + (select count(*) from public.conversations as c
       where c.landlord_id = (select auth.uid()) and c.last_message_at > c.landlord_read_at)
  )::integer;
$function$;

revoke all on function public.unread_conversation_count() from public, anon, authenticated, service_role;
grant execute on function public.unread_conversation_count() to authenticated;
grant execute on function public.unread_conversation_count() to service_role;

-- ==================================================================================================
-- supabase/schemas/02-viewing_running_late.sql
-- ==================================================================================================

/**
 * The hunter tells the landlord they are running late: a message in the listing's conversation, with the
 * client's message id, so a repeat from the outbox is taken once. Returns the message's id.
 */

create or replace function public.viewing_running_late(booking_id uuid, message_id uuid, minutes integer)
  returns uuid
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings := public.my_live_viewing(viewing_running_late.booking_id);
  conversation uuid;
begin
  if booking.hunter_id <> auth.uid() or booking.status <> 'booked' then
    raise exception 'This viewing can no longer change' using errcode = 'VW022';
  end if;
  if minutes is null or minutes not between 1 and 120 then
    raise exception 'Say how late, from 1 to 120 minutes' using errcode = '22023';
  end if;
  select c.id into conversation from public.conversations as c
  where c.listing_id = booking.listing_id and c.hunter_id = booking.hunter_id;
  if conversation is null then
    insert into public.conversations (listing_id, hunter_id, landlord_id)
    values (booking.listing_id, booking.hunter_id, booking.landlord_id)
    on conflict on constraint conversations_one_per_listing do nothing
    returning id into conversation;
  end if;
  insert into public.messages (id, conversation_id, sender_id, body)
  values (
    viewing_running_late.message_id, conversation, booking.hunter_id,
    'Running late for the viewing at ' || to_char(booking.starts_at at time zone 'Europe/London', 'HH24:MI')
      || ': about ' || minutes || ' minutes'
  )
  on conflict (id) do nothing;
  return viewing_running_late.message_id;
end;
$function$;

revoke all on function public.viewing_running_late(booking_id uuid, message_id uuid, minutes integer) from public, anon, authenticated, service_role;
grant execute on function public.viewing_running_late(booking_id uuid, message_id uuid, minutes integer) to authenticated;
grant execute on function public.viewing_running_late(booking_id uuid, message_id uuid, minutes integer) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-viewing_time_text.sql
-- ==================================================================================================

-- A viewing's time as people read it, in London: `Sat 6 Dec, 10:20`.

create or replace function public.viewing_time_text(at timestamp with time zone)
  returns text
  language sql
  stable
  set search_path to ''
as $function$
  select to_char(viewing_time_text.at at time zone 'Europe/London', 'Dy FMDD Mon, HH24:MI');
$function$;

revoke all on function public.viewing_time_text(at timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.viewing_time_text(at timestamp with time zone) to authenticated;
grant execute on function public.viewing_time_text(at timestamp with time zone) to service_role;

-- ==================================================================================================
-- supabase/schemas/02-visible_text.sql
-- ==================================================================================================

/**
 * The text a reader sees: zero-width and other invisible format characters
 * removed wherever they are, then whitespace (any Unicode space) trimmed from
 * both ends.
 */

create or replace function public.visible_text(value text)
  returns text
  language sql
  immutable parallel safe
  set search_path to ''
as $function$
  select regexp_replace(
    regexp_replace(
      value,
      '[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]',
      '',
      'g'
    ),
    '^[\s\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u2800\u3000]+|[\s\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u2800\u3000]+$',
    '',
    'g'
  )
$function$;

comment on function public.visible_text(value text) is 'The text a reader sees: invisible format characters removed, Unicode whitespace trimmed.';

revoke all on function public.visible_text(value text) from public, anon, authenticated, service_role;
grant execute on function public.visible_text(value text) to anon;
grant execute on function public.visible_text(value text) to authenticated;
grant execute on function public.visible_text(value text) to service_role;

-- ==================================================================================================
-- supabase/schemas/03-auth-users.sql
-- ==================================================================================================

-- What Roost adds to auth.users, which the platform owns: only rows, policies and triggers.

/**
 * ---------------------------------------------------------------------------
 * Keeping profiles in step with auth.users
 * ---------------------------------------------------------------------------
 * Security definer because Supabase Auth writes auth.users as its own role;
 * an empty search_path keeps the function from resolving names a caller chose.
 */
create trigger on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION handle_new_user();

create trigger on_auth_user_email_changed AFTER UPDATE OF email ON auth.users FOR EACH ROW WHEN (old.email::text IS DISTINCT FROM new.email::text) EXECUTE FUNCTION handle_user_email_change();

/**
 * ---------------------------------------------------------------------------
 * The audit trail (append-only)
 * ---------------------------------------------------------------------------
 * Every decision, appeal and role change: who, when, on what, and why. No
 * role may write it through the API (no grants); the moderation functions
 * write it as its owner, and the trigger refuses any update or delete, the
 * owner's included.
 */
create trigger on_auth_user_moderator_role AFTER INSERT OR UPDATE OF raw_app_meta_data ON auth.users FOR EACH ROW EXECUTE FUNCTION audit_moderator_role();

-- ==================================================================================================
-- supabase/schemas/03-listing_review_holds.sql
-- ==================================================================================================

/**
 * The listings hidden while reports wait for review: one row per listing, kept
 * by the triggers on listing_reports and public.review_listing_reports only.
 * Readable by everyone (it holds no more than which listings are hidden), as
 * the listings' select policy consults it for every caller.
 */

create table public.listing_review_holds (
  listing_id uuid not null,
  landlord_id uuid not null,
  held_at timestamp with time zone not null default now(),
  kind text not null default 'reports'::text,
  constraint listing_review_holds_pkey PRIMARY KEY (listing_id),
  constraint listing_review_holds_kind_valid CHECK (kind = ANY (ARRAY['reports'::text, 'taken-down'::text, 'fix-requested'::text])),
  constraint listing_review_holds_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.listing_review_holds is 'Listings hidden from lists and search until an operator reviews their reports.';

create index listing_review_holds_landlord ON public.listing_review_holds using btree (landlord_id);

-- The API roles get only what is granted here.
revoke all on table public.listing_review_holds from anon, authenticated, service_role;
grant select on table public.listing_review_holds to anon;
grant select on table public.listing_review_holds to authenticated;
grant select, insert, update, delete on table public.listing_review_holds to service_role;

alter table public.listing_review_holds enable row level security;

create policy "Everyone can see which listings are held for review"
  on public.listing_review_holds for select to anon, authenticated
  using (true);

/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */
create trigger listing_review_holds_prioritise AFTER INSERT OR DELETE ON listing_review_holds FOR EACH ROW EXECUTE FUNCTION prioritise_moderation_case();

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_review_holds;

-- ==================================================================================================
-- supabase/schemas/03-listing_word_marks.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Common words: a word of many descriptions counted from an index of its own
 * ---------------------------------------------------------------------------
 * A word that no busy place has but many descriptions do ("flat", "garden")
 * was counted from the trigram index: at a million listings `flat` to rent up
 * to £1,500 ANDs an eighth's trigram and price bitmaps (711 matches, 9.5 ms)
 * and reads the rest of its 1,001 through the price index, checking the word
 * on each home (12.8 ms more). No order of those indexes reaches 1,001 in
 * budget: each match costs its share of a bitmap.
 *
 * listing_common_words is a dictionary of 64 words that housing descriptions
 * use most, each with a bit. listing_word_marks holds, for every listing with
 * no leaving date and at least one of them, the bits of the dictionary words
 * its search_text contains (`marks`), with the columns a search filters on;
 * its index leads with type and price and includes the rest, so a count reads
 * it alone. A home marked with a word containing the search's word contains
 * the search's word (ILIKE compares the lower-cased text with the lower-cased
 * pattern, as the marks are made from lower(search_text)), so 1,001 marked
 * homes that pass the filters make the count 1,001 (`1,000+`): `flat` to
 * rent up to £1,500 reads 13,769 index entries of rents up to £1,500, 1,001
 * of them marked, in about 2 ms.
 * For a part of a dictionary word ("flatm" of "flatmate" is not one), the
 * marks only prove "at least 1,001", as the place words do: a home may hold
 * the search's word in a word the dictionary lacks. But a home is marked with
 * a dictionary word exactly when its text contains it, so when each word of
 * the search is a dictionary word and the try read every row of the search's
 * type and price, its count is exact for the listings with no leaving date;
 * those leaving on a later date (let agreed, sold subject to contract) are
 * counted apart, through market_listings. `flat` to rent up to £1,500 at
 * 100,000 listings (599 homes) is counted from 8,221 index entries in about
 * 1.5 ms instead of 10. Otherwise below 1,001 it counts as before.
 *
 * A try reads at most 20,000 rows of the search's type and price, so it
 * proves the count of a word held by at least one home in 20 of them (about
 * 1.5 ms in vain). The dictionary is fixed here: changing it changes what the
 * bits mean, so a migration that changes it rewrites listing_word_marks.
 *
 * The marks are kept by statement triggers on listings, like the place words:
 * a listing's row is rewritten only when a column it holds, or its text,
 * changes. A held listing keeps its row, and the count leaves it out by
 * listing_review_holds. Nobody reads or writes either table but the trigger
 * and count_listings (security definer, see the place words' migration).
 */

create table public.listing_word_marks (
  listing_id uuid not null,
  type text not null,
  effective_price integer not null,
  marks bigint not null,
  bedrooms integer not null,
  bathrooms integer not null,
  parking boolean not null,
  furnished boolean not null,
  offer boolean not null,
  status text not null,
  latitude double precision not null,
  longitude double precision not null,
  constraint listing_word_marks_pkey PRIMARY KEY (listing_id),
  constraint listing_word_marks_marks_check CHECK (marks <> 0)
);

comment on table public.listing_word_marks is 'For each listing with no leaving date and a word of listing_common_words, the bits of those words in its search_text; kept by triggers on public.listings, read by count_listings.';

/** The bits set in a listing's marks, smallest first (the dictionary words its text contains). */
create index listing_word_marks_bits_idx ON public.listing_word_marks using gin (common_word_bits(marks));

create index listing_word_marks_idx ON public.listing_word_marks using btree (type, effective_price) INCLUDE (marks, listing_id, bedrooms, bathrooms, parking, furnished, offer, status, latitude, longitude);

-- No API role reads or writes this table directly.
revoke all on table public.listing_word_marks from anon, authenticated, service_role;

alter table public.listing_word_marks enable row level security;

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_word_marks;

-- ==================================================================================================
-- supabase/schemas/03-moderation_audit.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The audit trail (append-only)
 * ---------------------------------------------------------------------------
 * Every decision, appeal and role change: who, when, on what, and why. No
 * role may write it through the API (no grants); the moderation functions
 * write it as its owner, and the trigger refuses any update or delete, the
 * owner's included.
 */

create table public.moderation_audit (
  id bigint generated always as identity,
  at timestamp with time zone not null default now(),
  actor_id uuid,
  actor_email text,
  action text not null,
  listing_id uuid,
  listing_name text,
  subject_id uuid,
  subject_email text,
  reason text not null default ''::text,
  note text not null default ''::text,
  constraint moderation_audit_pkey PRIMARY KEY (id),
  constraint moderation_audit_action_valid CHECK (action = ANY (ARRAY['keep-listed'::text, 'take-down'::text, 'ask-to-fix'::text, 'appeal'::text, 'role-granted'::text, 'role-removed'::text]))
);

comment on table public.moderation_audit is 'Append-only record of every moderation decision, appeal and moderator role change; moderators read it.';

-- The API roles get only what is granted here.
revoke all on table public.moderation_audit from anon, authenticated, service_role;
grant select on table public.moderation_audit to service_role;

-- Its identity's sequence.
revoke all on sequence moderation_audit_id_seq from anon, authenticated, service_role;

alter table public.moderation_audit enable row level security;

create policy "The service role can read the audit trail"
  on public.moderation_audit for select to service_role
  using (true);

create trigger moderation_audit_append_only BEFORE DELETE OR UPDATE ON moderation_audit FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();

create trigger moderation_audit_no_truncate BEFORE TRUNCATE ON moderation_audit FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change();

-- ==================================================================================================
-- supabase/schemas/03-profiles.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Profiles
 * ---------------------------------------------------------------------------
 * One row per auth user: the name shown on the contact page and the email it
 * writes to. Rows are made and kept in step by triggers on auth.users, so the
 * API never inserts or deletes them, and nobody can read anyone else's row
 * (a landlord's contact details go through public.landlord_contact only).
 */

create table public.profiles (
  id uuid not null,
  name text not null default ''::text,
  email text,
  created_at timestamp with time zone not null default now(),
  show_email boolean not null default true,
  saved_home_alerts boolean not null default false,
  constraint profiles_pkey PRIMARY KEY (id),
  constraint profiles_name_length CHECK (char_length(name) <= 80),
  constraint profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.profiles is 'Public-facing details of an auth user; one row per auth.users row.';
comment on column public.profiles.name is 'The name shown to others: at most 80 characters.';
comment on column public.profiles.email is 'Mirrors auth.users.email; changed only through Supabase Auth.';
comment on column public.profiles.show_email is 'Show my email to visitors: whether landlord_contact gives this person''s email (on by default).';
comment on column public.profiles.saved_home_alerts is 'Tell me when a saved home changes: push when a saved home is reduced, goes under offer or leaves the market.';

-- The API roles get only what is granted here.
revoke all on table public.profiles from anon, authenticated, service_role;
grant select on table public.profiles to authenticated;
grant select, update, delete on table public.profiles to service_role;
grant update (name, show_email, saved_home_alerts) on table public.profiles to authenticated;

alter table public.profiles enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Users can update their own profile"
  on public.profiles for update to authenticated
  using ((id = ( SELECT auth.uid() AS uid)))
  with check ((id = ( SELECT auth.uid() AS uid)));

create policy "Users can view their own profile"
  on public.profiles for select to authenticated
  using ((id = ( SELECT auth.uid() AS uid)));

/**
 * ---------------------------------------------------------------------------
 * Client addresses from a trusted header only; limits on the account functions
 * ---------------------------------------------------------------------------
 * request_client_address() believed `cf-connecting-ip`, else the first entry of
 * `x-forwarded-for`, and took any string as an address. A client sending a new
 * `x-forwarded-for` with each call was a new caller each time (21 of 21
 * landlords' emails read against a limit of 20), and every invented string was
 * a new row of landlord_contact_reads, which only shrank for addresses that
 * came back.
 *
 * Now:
 * - Which header carries the client's address is the deployment's setting, one
 *   row of client_address_settings (no API role can read or change it). Its
 *   default, `cf-connecting-ip`, is the header hosted Supabase's edge
 *   (Cloudflare) sets on every request, overwriting a client's copy; the local
 *   stack sets it from the connection's address the same way. No other header
 *   is read.
 * - A value is an address only when it parses as one IPv4 or IPv6 address;
 *   anything else, or no header, is 'unknown', and all unknown callers share
 *   one count for landlord_contact: a caller cannot leave the limit by sending
 *   junk, and a deployment whose header is missing fails closed (one shared
 *   limit) rather than open. The password check does not count unknown callers
 *   as one address (one guesser would block everyone's deletion); its
 *   per-account limit holds for them. IPv6 addresses count per /64, the block
 *   one subscriber gets.
 * - Stale rows of every address go: each call deletes a bounded batch of rows
 *   older than the window, so the tables hold about one window of rows.
 * - delete-account's password check is limited per account and per address
 *   (5 wrong tries an hour), and export-data to one export a minute per
 *   account, both counted in account_function_tries. The functions reach these
 *   through SUPABASE_DB_URL (the database owner); no API role may call them.
 */
create trigger profiles_forget_account_function_tries AFTER DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION forget_account_function_tries();

-- ==================================================================================================
-- supabase/schemas/03-push_subscriptions.sql
-- ==================================================================================================

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

-- ==================================================================================================
-- supabase/schemas/03-saved_search_area.sql
-- ==================================================================================================

/** The map area a search covers: its bbox, or the whole world without one; null for invalid params. */

create or replace function public.saved_search_area(params jsonb)
  returns box
  language sql
  immutable parallel safe
  set search_path to ''
RETURN CASE WHEN saved_search_params_valid(params) THEN CASE WHEN (params ? 'bbox'::text) THEN box(point((split_part((params ->> 'bbox'::text), ','::text, 1))::double precision, (split_part((params ->> 'bbox'::text), ','::text, 2))::double precision), point((split_part((params ->> 'bbox'::text), ','::text, 3))::double precision, (split_part((params ->> 'bbox'::text), ','::text, 4))::double precision)) ELSE box(point(('-180'::integer)::double precision, ('-90'::integer)::double precision), point((180)::double precision, (90)::double precision)) END ELSE NULL::box END;

revoke all on function public.saved_search_area(params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.saved_search_area(params jsonb) to authenticated;
grant execute on function public.saved_search_area(params jsonb) to service_role;

-- ==================================================================================================
-- supabase/schemas/03-saved_search_flags.sql
-- ==================================================================================================

/** The search's flags as bits: parking 1, furnished 2, offer 4, available only (underOffer false) 8. */

create or replace function public.saved_search_flags(params jsonb)
  returns smallint
  language sql
  immutable parallel safe
  set search_path to ''
RETURN CASE WHEN saved_search_params_valid(params) THEN ((((CASE WHEN ((params -> 'parking'::text) = 'true'::jsonb) THEN 1 ELSE 0 END | CASE WHEN ((params -> 'furnished'::text) = 'true'::jsonb) THEN 2 ELSE 0 END) | CASE WHEN ((params -> 'offer'::text) = 'true'::jsonb) THEN 4 ELSE 0 END) | CASE WHEN ((params -> 'underOffer'::text) = 'false'::jsonb) THEN 8 ELSE 0 END))::smallint ELSE NULL::smallint END;

revoke all on function public.saved_search_flags(params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.saved_search_flags(params jsonb) to authenticated;
grant execute on function public.saved_search_flags(params jsonb) to service_role;

-- ==================================================================================================
-- supabase/schemas/03-search_words.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Text matching
 * ---------------------------------------------------------------------------
 * `search_fold` lowercases as JavaScript's String.prototype.toLowerCase does
 * (Unicode's default case conversion, with the context rules: a final capital
 * sigma becomes `ς`, the dotted capital I becomes `i` and a combining dot),
 * whatever the database's locale: it uses ICU's root collation, which hosted
 * Supabase and the local stack both have. A database created with the C locale
 * would otherwise lowercase ASCII letters only, and the device, which matches
 * with JavaScript, would disagree about `É` and `é`. Capital letters added to
 * Unicode after the ICU of older servers (Georgian Mtavruli, some Latin and
 * others) are mapped explicitly; where ICU already knows them this changes
 * nothing.
 *
 * `search_words` is searchWords of the app: the text split on whitespace, the
 * characters `% _ * \ , ( )` removed, lowercased, repeated words dropped, at
 * most the first 8 words.
 */

create or replace function public.search_words(q text)
  returns text[]
  language sql
  immutable parallel safe
BEGIN ATOMIC
 SELECT COALESCE(array_agg(firsts.word ORDER BY firsts.first_at), '{}'::text[]) AS "coalesce"
    FROM ( SELECT parts.word,
             min(parts.at) AS first_at
            FROM ( SELECT search_fold(regexp_replace(t.part, '[%_*\\,()]'::text, ''::text, 'g'::text)) AS word,
                     t.at
                    FROM regexp_split_to_table(COALESCE(search_words.q, ''::text), '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+'::text) WITH ORDINALITY t(part, at)) parts
           WHERE (parts.word <> ''::text)
           GROUP BY parts.word
           ORDER BY (min(parts.at))
          LIMIT 8) firsts;
END;

revoke all on function public.search_words(q text) from public, anon, authenticated, service_role;
grant execute on function public.search_words(q text) to anon;
grant execute on function public.search_words(q text) to authenticated;
grant execute on function public.search_words(q text) to service_role;

-- ==================================================================================================
-- supabase/schemas/04-app_openings.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Emails for landlords who are away
 * ---------------------------------------------------------------------------
 * The app notes when a signed-in person opens it (rpc note_app_open, called on
 * start and when it regains focus, at most once an hour). A message to a
 * landlord owes them an email once they have not opened the app for a day: a
 * row in this queue, written by a trigger in the message's own transaction and
 * due a day after the landlord was last seen (at once if that was longer ago).
 * The send-emails function claims due rows with `for update skip locked`, sends
 * each through the project's mail API, and marks it sent in the transaction
 * that holds the claim; a failure is retried with backoff.
 *
 * One email per conversation per quiet period, not one per message: while an
 * email for a conversation waits, later messages join it; once one was sent,
 * no other goes for that conversation until the landlord has opened the app
 * again. A landlord who opens the app or reads the conversation before the
 * email is due is not emailed (the row is settled as skipped).
 */

create table public.app_openings (
  user_id uuid not null,
  last_seen_at timestamp with time zone not null default now(),
  constraint app_openings_pkey PRIMARY KEY (user_id),
  constraint app_openings_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE
);

comment on table public.app_openings is 'When each person last opened the app (to the hour), for emails to people who are away.';

-- The API roles get only what is granted here.
revoke all on table public.app_openings from anon, authenticated, service_role;
grant select on table public.app_openings to authenticated;
grant select, insert, update, delete on table public.app_openings to service_role;

alter table public.app_openings enable row level security;

create policy "app_openings: a person reads their own"
  on public.app_openings for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

-- ==================================================================================================
-- supabase/schemas/04-blocked_senders.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Messages: enquiries about a listing and their replies
 * ---------------------------------------------------------------------------
 * A conversation is between one house hunter and the landlord of one listing;
 * only those two read it. Messages are plain text (1–2,000 characters, stored
 * exactly as written), never edited or deleted through the API, and may carry
 * the client's own id so a send repeated by the device's outbox is taken once.
 * A person can block another: the blocked person's later messages are refused.
 * Sending is limited: 10 new conversations per sender a day, 60 messages an hour.
 *
 * The app calls:
 *   rpc send_enquiry(listing_id, message_id, body)   → the conversation's id
 *   from('messages').upsert({ id, conversation_id, body }, { onConflict: 'id', ignoreDuplicates: true })
 *   rpc my_conversations(page_size, before_at, before_id, only_id)
 *   rpc unread_conversation_count()
 *   rpc mark_conversation_read(conversation_id)
 *   from('messages').select() keyset-paged on (created_at, id)
 *   from('blocked_senders') insert/delete
 */

create table public.blocked_senders (
  blocker_id uuid not null default auth.uid(),
  blocked_id uuid not null,
  created_at timestamp with time zone not null default now(),
  constraint blocked_senders_pkey PRIMARY KEY (blocker_id, blocked_id),
  constraint blocked_senders_not_self CHECK (blocker_id <> blocked_id),
  constraint blocked_senders_blocked_id_fkey FOREIGN KEY (blocked_id) REFERENCES profiles(id) ON DELETE CASCADE,
  constraint blocked_senders_blocker_id_fkey FOREIGN KEY (blocker_id) REFERENCES profiles(id) ON DELETE CASCADE
);

comment on table public.blocked_senders is 'People whose messages the blocker refuses.';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A person's conversations newest first, from either side (keyset on
 * last_message_at, id); unread counts from partial indexes holding only the
 * conversations with news for that side; a conversation's messages keyset-paged
 * newest first; a sender's recent messages for the hourly limit.
 */
create index blocked_senders_blocked ON public.blocked_senders using btree (blocked_id);

-- The API roles get only what is granted here.
revoke all on table public.blocked_senders from anon, authenticated, service_role;
grant select, delete on table public.blocked_senders to authenticated;
grant select, insert, update, delete on table public.blocked_senders to service_role;
grant insert (blocked_id) on table public.blocked_senders to authenticated;

alter table public.blocked_senders enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * Conversations are started through send_enquiry (insert of listing_id, and
 * the id the client chose); their bookkeeping columns change only through the
 * triggers and mark_conversation_read. Messages are inserted and read, never
 * updated or deleted through the API.
 */
create policy "Users can unblock"
  on public.blocked_senders for delete to authenticated
  using ((blocker_id = ( SELECT auth.uid() AS uid)));

create policy "Users can view whom they block"
  on public.blocked_senders for select to authenticated
  using ((blocker_id = ( SELECT auth.uid() AS uid)));

-- ==================================================================================================
-- supabase/schemas/04-landlord_contact_reads.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Landlord contact, out of bulk reach
 * ---------------------------------------------------------------------------
 * A landlord chooses whether visitors get their email (`Show my email to
 * visitors`, on by default); off, landlord_contact gives the name only. And
 * landlord_contact serves at most 20 different landlords per client address an
 * hour: the 21st gets HTTP 429, so a script walking every listing's owner
 * collects at most 20 emails an hour from one address.
 *
 * The client address comes from the request headers PostgREST hands to the
 * database (`request.headers`): `cf-connecting-ip`, which hosted Supabase's edge
 * (Cloudflare) sets on every request and a client cannot forge, else the first
 * address of `x-forwarded-for` (the local stack sets it to the connection's
 * address, as a proxy does). The count lives in the database, so it holds for
 * every way in: the app, supabase-js, plain HTTP.
 *
 * The function now writes (it records the read), so it is called with POST:
 * PostgREST runs a GET in a read-only transaction, which refuses the call.
 */

create table public.landlord_contact_reads (
  address text not null,
  landlord_id uuid not null,
  read_at timestamp with time zone not null default now(),
  constraint landlord_contact_reads_pkey PRIMARY KEY (address, landlord_id),
  constraint landlord_contact_reads_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES profiles(id) ON DELETE CASCADE
);

comment on table public.landlord_contact_reads is 'Which landlords each client address read through landlord_contact in the last hour (rate limit).';

create index landlord_contact_reads_recent ON public.landlord_contact_reads using btree (address, read_at);

-- The batch delete of stale rows finds them by age alone.
create index landlord_contact_reads_stale ON public.landlord_contact_reads using btree (read_at);

-- The API roles get only what is granted here.
revoke all on table public.landlord_contact_reads from anon, authenticated, service_role;
grant select, insert, update, delete on table public.landlord_contact_reads to service_role;

alter table public.landlord_contact_reads enable row level security;

-- ==================================================================================================
-- supabase/schemas/04-message_emails.sql
-- ==================================================================================================

/**
 * Notes that the caller opened the app now. Writes at most once a minute per person whatever the client
 * does (the app itself calls it at most once an hour); returns the time recorded.
 */

create table public.message_emails (
  id bigint generated always as identity,
  conversation_id uuid not null,
  recipient_id uuid not null,
  sender_id uuid,
  created_at timestamp with time zone not null default now(),
  sent_at timestamp with time zone,
  outcome text,
  attempts integer not null default 0,
  next_attempt_at timestamp with time zone not null default now(),
  last_error text,
  constraint message_emails_pkey PRIMARY KEY (id),
  constraint message_emails_outcome CHECK (sent_at IS NULL AND outcome IS NULL OR sent_at IS NOT NULL AND (outcome = ANY (ARRAY['sent'::text, 'skipped'::text, 'gave-up'::text]))),
  constraint message_emails_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES profiles(id) ON DELETE CASCADE,
  constraint message_emails_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES profiles(id) ON DELETE SET NULL
);

comment on table public.message_emails is 'Emails owed to landlords away for a day (one per conversation per quiet period); sent by send-emails.';

create index message_emails_conversation ON public.message_emails using btree (conversation_id, recipient_id, sent_at);

create index message_emails_due ON public.message_emails using btree (next_attempt_at, id) WHERE (sent_at IS NULL);

create unique index message_emails_one_waiting ON public.message_emails using btree (conversation_id, recipient_id) WHERE (sent_at IS NULL);

create index message_emails_recipient ON public.message_emails using btree (recipient_id);

create index message_emails_sender ON public.message_emails using btree (sender_id);

-- The API roles get only what is granted here.
revoke all on table public.message_emails from anon, authenticated, service_role;
grant select, insert, update, delete on table public.message_emails to service_role;

-- Its identity's sequence.
revoke all on sequence message_emails_id_seq from anon, authenticated, service_role;

alter table public.message_emails enable row level security;

-- ==================================================================================================
-- supabase/schemas/04-message_pushes.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Pushes for new messages
 * ---------------------------------------------------------------------------
 * Each new message owes its recipient a push: a row in this queue, written by a
 * trigger in the message's own transaction, sent by the send-alerts function
 * (supabase/functions/send-alerts/messages.ts) through the same Web Push code as
 * saved-search alerts. The sender claims rows with `for update skip locked` and
 * marks them sent in the transaction that holds the claim, so a sender that dies
 * loses nothing and a second sender never takes the same row. With push off (no
 * subscription) the row is simply marked sent: the unread count still shows.
 * The queue is the server's: no grants to anon or authenticated.
 */

create table public.message_pushes (
  id bigint generated always as identity,
  message_id uuid not null,
  recipient_id uuid not null,
  created_at timestamp with time zone not null default now(),
  sent_at timestamp with time zone,
  attempts integer not null default 0,
  next_attempt_at timestamp with time zone not null default now(),
  last_error text,
  gave_up_at timestamp with time zone,
  constraint message_pushes_pkey PRIMARY KEY (id),
  constraint message_pushes_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES profiles(id) ON DELETE CASCADE
);

comment on table public.message_pushes is 'Pushes owed for new messages (one per message, to its recipient); sent by the send-alerts function.';

/**
 * ---------------------------------------------------------------------------
 * Message pushes: given up is not sent
 * ---------------------------------------------------------------------------
 * A push that failed its 8th try was marked sent. Now it keeps sent_at null
 * and gets gave_up_at, with its last_error: kept for an operator, skipped by
 * the claim. Rows given up before (sent with an error) are moved over.
 */
create index message_pushes_due ON public.message_pushes using btree (next_attempt_at, id) WHERE ((sent_at IS NULL) AND (gave_up_at IS NULL));

create index message_pushes_message ON public.message_pushes using btree (message_id);

-- The API roles get only what is granted here.
revoke all on table public.message_pushes from anon, authenticated, service_role;
grant select, insert, update, delete on table public.message_pushes to service_role;

-- Its identity's sequence.
revoke all on sequence message_pushes_id_seq from anon, authenticated, service_role;

alter table public.message_pushes enable row level security;

-- ==================================================================================================
-- supabase/schemas/04-moderation_audit_page.sql
-- ==================================================================================================

-- Moderators: the audit trail, newest first, a page at a time (keyset on id: pass the last row's id).

create or replace function public.moderation_audit_page(before_id bigint default NULL::bigint, page_size integer default 50)
  returns setof moderation_audit
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
begin
  perform public.require_moderator();
  return query
  select a.* from public.moderation_audit as a
  where before_id is null or a.id < before_id
  order by a.id desc
  limit least(greatest(coalesce(page_size, 50), 1), 200);
end;
$function$;

revoke all on function public.moderation_audit_page(before_id bigint, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.moderation_audit_page(before_id bigint, page_size integer) to authenticated;

-- ==================================================================================================
-- supabase/schemas/04-search_key.sql
-- ==================================================================================================

/**
 * The first five characters of the search's longest word of at least three
 * (the first such word on a tie): every listing the search matches holds them
 * in its folded text, so the searches a new listing may match are found by
 * looking up the pieces of its text. Null when no word is that long.
 */

create or replace function public.search_key(q text)
  returns text
  language sql
  immutable parallel safe
BEGIN ATOMIC
 SELECT "left"(w.word, 5) AS "left"
    FROM unnest(search_words(search_key.q)) WITH ORDINALITY w(word, at)
   WHERE (char_length(w.word) >= 3)
   ORDER BY (char_length(w.word)) DESC, w.at
  LIMIT 1;
END;

revoke all on function public.search_key(q text) from public, anon, authenticated, service_role;
grant execute on function public.search_key(q text) to anon;
grant execute on function public.search_key(q text) to authenticated;
grant execute on function public.search_key(q text) to service_role;

-- ==================================================================================================
-- supabase/schemas/04-viewing_reminders.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Tables
 * ---------------------------------------------------------------------------
 */

create table public.viewing_reminders (
  id bigint generated always as identity,
  booking_id uuid not null,
  recipient_id uuid not null,
  kind text not null,
  created_at timestamp with time zone not null default now(),
  sent_at timestamp with time zone,
  attempts integer not null default 0,
  next_attempt_at timestamp with time zone not null default now(),
  last_error text,
  constraint viewing_reminders_pkey PRIMARY KEY (id),
  constraint viewing_reminders_once UNIQUE (booking_id, recipient_id, kind),
  constraint viewing_reminders_kind CHECK (kind = ANY (ARRAY['reminder'::text, 'request'::text])),
  constraint viewing_reminders_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES profiles(id) ON DELETE CASCADE
);

comment on table public.viewing_reminders is 'Pushes owed for viewings (reminders 2 hours before, requests to the landlord); sent by send-alerts.';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A listing's slots by time (the booking panel, the 40-slot count, a deleted
 * listing's cascade); a landlord's slots (policy); each side's bookings by time
 * (policy, the Viewings screen, the hunter's limits); a listing's bookings by
 * status (requests cancelled when it leaves the market, its cascade); the
 * queue's due rows.
 */
create index viewing_reminders_due ON public.viewing_reminders using btree (next_attempt_at, id) WHERE (sent_at IS NULL);

create index viewing_reminders_recipient ON public.viewing_reminders using btree (recipient_id);

-- The API roles get only what is granted here.
revoke all on table public.viewing_reminders from anon, authenticated, service_role;
grant select, insert, update, delete on table public.viewing_reminders to service_role;

-- Its identity's sequence.
revoke all on sequence viewing_reminders_id_seq from anon, authenticated, service_role;

alter table public.viewing_reminders enable row level security;

-- ==================================================================================================
-- supabase/schemas/05-saved_searches.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Saved searches
 * ---------------------------------------------------------------------------
 * The client may choose the id, so a search saved offline and sent twice is
 * stored once. The match_* columns are the search's filters in indexable form
 * (see the alerts migration); they are generated, never written. A bbox-less
 * search covers the whole world, and a search without a minimum has 0.
 */

create table public.saved_searches (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  name text not null,
  params jsonb not null default '{}'::jsonb,
  alerts text not null default 'off'::text,
  last_opened_at timestamp with time zone not null default now(),
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  match_type text generated always as (
CASE
    WHEN ((params -> 'type'::text) = ANY (ARRAY['"rent"'::jsonb, '"sale"'::jsonb])) THEN (params ->> 'type'::text)
    ELSE NULL::text
END) stored,
  match_price int4range generated always as (
CASE
    WHEN (saved_search_params_valid(params) AND COALESCE((((params ->> 'minPrice'::text))::integer <= ((params ->> 'maxPrice'::text))::integer), true)) THEN int4range(COALESCE(((params ->> 'minPrice'::text))::integer, 0), ((params ->> 'maxPrice'::text))::integer, '[]'::text)
    ELSE NULL::int4range
END) stored,
  match_beds integer generated always as (
CASE
    WHEN saved_search_params_valid(params) THEN COALESCE(((params ->> 'minBeds'::text))::integer, 0)
    ELSE NULL::integer
END) stored,
  match_baths integer generated always as (
CASE
    WHEN saved_search_params_valid(params) THEN COALESCE(((params ->> 'minBaths'::text))::integer, 0)
    ELSE NULL::integer
END) stored,
  match_words text[] generated always as (
CASE
    WHEN saved_search_params_valid(params) THEN search_words((params ->> 'q'::text))
    ELSE NULL::text[]
END) stored,
  match_key text generated always as (
CASE
    WHEN saved_search_params_valid(params) THEN search_key((params ->> 'q'::text))
    ELSE NULL::text
END) stored,
  match_area box generated always as (saved_search_area(params)) stored,
  match_flags smallint generated always as (saved_search_flags(params)) stored,
  match_cell bigint generated always as (search_area_cell(saved_search_area(params))) stored,
  constraint saved_searches_pkey PRIMARY KEY (id),
  constraint saved_searches_alerts_valid CHECK (alerts = ANY (ARRAY['off'::text, 'instant'::text, 'daily'::text])),
  constraint saved_searches_name_length CHECK (char_length(name) >= 1 AND char_length(name) <= 80),
  constraint saved_searches_name_trimmed CHECK (name !~ '^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'::text AND name !~ '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'::text),
  constraint saved_searches_params_valid CHECK (saved_search_params_valid(params)),
  constraint saved_searches_price_order CHECK (jsonb_typeof(params -> 'minPrice'::text) IS DISTINCT FROM 'number'::text OR jsonb_typeof(params -> 'maxPrice'::text) IS DISTINCT FROM 'number'::text OR (params -> 'minPrice'::text) <= (params -> 'maxPrice'::text)),
  constraint saved_searches_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.saved_searches is 'A person''s saved searches of /search, at most 20 each.';
comment on column public.saved_searches.params is 'The search as /search''s URL holds it after parseHomeSearch, without view.';
comment on column public.saved_searches.last_opened_at is 'When the person last opened the search; listings published after it are new to them.';
comment on column public.saved_searches.match_area is 'The map area the search covers (its bbox, or the whole world), for matching new listings.';
comment on column public.saved_searches.match_flags is 'The search''s parking, furnished, offer and available-only flags as bits 1, 2, 4 and 8.';
comment on column public.saved_searches.match_cell is 'Where the map area is filed in the grid of search_area_cell, for searches without a word to look up.';

/** The keys under which an area that may hold the point is filed: at each size, its cell and the three west and south. */
create index saved_searches_match_cell_idx ON public.saved_searches using btree (match_cell) INCLUDE (match_type, match_price, match_beds, match_baths, match_flags, match_area, match_words, id, user_id, alerts) WHERE (match_key IS NULL);

-- Searches with a word of three or more characters, by the start of their longest word; the others by their
-- area's cell. Each index carries every column the match reads.
create index saved_searches_match_key_idx ON public.saved_searches using btree (match_key) INCLUDE (match_type, match_price, match_beds, match_baths, match_flags, match_area, match_words, id, user_id, alerts) WHERE (match_key IS NOT NULL);

create index saved_searches_user_idx ON public.saved_searches using btree (user_id, created_at);

-- The API roles get only what is granted here.
revoke all on table public.saved_searches from anon, authenticated, service_role;
grant select, insert, update, delete on table public.saved_searches to authenticated;
grant select, insert, update, delete on table public.saved_searches to service_role;

alter table public.saved_searches enable row level security;

/**
 * Server-owned columns and the limit. For everyone, user_id and created_at
 * never change; updated_at records a change of name, parameters or alerts;
 * last_opened_at starts at created_at and is never in the future. For API callers an insert gets the
 * caller's id and the server's time. At most 20 searches a person: a per-person
 * lock makes two concurrent inserts count one after the other, and an insert of
 * an id that exists is let through so `on conflict do nothing` can skip it.
 */
create policy "Users can delete their own saved searches"
  on public.saved_searches for delete to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can read their own saved searches"
  on public.saved_searches for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can save searches in their own name"
  on public.saved_searches for insert to authenticated
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can update their own saved searches"
  on public.saved_searches for update to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)))
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create trigger saved_searches_stamp BEFORE INSERT OR UPDATE ON saved_searches FOR EACH ROW EXECUTE FUNCTION stamp_saved_search();

-- ==================================================================================================
-- supabase/schemas/05-viewing_bookings.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Tables
 * ---------------------------------------------------------------------------
 */

create table public.viewing_bookings (
  id uuid not null default gen_random_uuid(),
  slot_id uuid not null,
  listing_id uuid not null,
  hunter_id uuid not null,
  landlord_id uuid not null,
  starts_at timestamp with time zone not null,
  ends_at timestamp with time zone not null,
  status text not null,
  cancelled_by uuid,
  cancelled_late boolean not null default false,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  constraint viewing_bookings_pkey PRIMARY KEY (id),
  constraint viewing_bookings_status CHECK (status = ANY (ARRAY['requested'::text, 'booked'::text, 'declined'::text, 'cancelled'::text])),
  constraint viewing_bookings_two_people CHECK (hunter_id <> landlord_id),
  constraint viewing_bookings_cancelled_by_fkey FOREIGN KEY (cancelled_by) REFERENCES profiles(id) ON DELETE SET NULL,
  constraint viewing_bookings_hunter_id_fkey FOREIGN KEY (hunter_id) REFERENCES profiles(id) ON DELETE CASCADE,
  constraint viewing_bookings_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES profiles(id) ON DELETE CASCADE
);

comment on table public.viewing_bookings is 'A hunter''s booking (or request) of a viewing slot; read by the hunter and the listing''s landlord only.';

-- Deleting an account sets its cancellations' author to null: found by index, not by a scan.
create index viewing_bookings_cancelled_by ON public.viewing_bookings using btree (cancelled_by) WHERE (cancelled_by IS NOT NULL);

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A listing's slots by time (the booking panel, the 40-slot count, a deleted
 * listing's cascade); a landlord's slots (policy); each side's bookings by time
 * (policy, the Viewings screen, the hunter's limits); a listing's bookings by
 * status (requests cancelled when it leaves the market, its cascade); the
 * queue's due rows.
 */
create index viewing_bookings_hunter_time ON public.viewing_bookings using btree (hunter_id, starts_at, id);

create index viewing_bookings_landlord_time ON public.viewing_bookings using btree (landlord_id, starts_at, id);

create index viewing_bookings_listing_status ON public.viewing_bookings using btree (listing_id, status);

-- One live booking a slot: the last word in a race.
create unique index viewing_bookings_one_per_slot ON public.viewing_bookings using btree (slot_id) WHERE (status = ANY (ARRAY['requested'::text, 'booked'::text]));

create index viewing_bookings_slot ON public.viewing_bookings using btree (slot_id);

-- The API roles get only what is granted here.
revoke all on table public.viewing_bookings from anon, authenticated, service_role;
grant select on table public.viewing_bookings to authenticated;
grant select, insert, update, delete on table public.viewing_bookings to service_role;

alter table public.viewing_bookings enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * A landlord inserts and reads the slots of their listings; everything else
 * goes through the functions below. Bookings are read by their two people;
 * the reminder queue is the server's.
 */
create policy "Hunters and landlords can view their viewings"
  on public.viewing_bookings for select to authenticated
  using (((( SELECT auth.uid() AS uid) = hunter_id) OR (( SELECT auth.uid() AS uid) = landlord_id)));

-- On viewing_reminders, written here because it names this table, which needs viewing_reminders first.
alter table public.viewing_reminders add constraint viewing_reminders_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES viewing_bookings(id) ON DELETE CASCADE;

-- ==================================================================================================
-- supabase/schemas/06-alert_deliveries.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Alert deliveries
 * ---------------------------------------------------------------------------
 * The queue of new-home alerts. Publishing a listing writes one row for each
 * saved search it matches whose alerts are on (not the publisher's own
 * searches). The sender (the send-alerts Edge Function) takes the rows of one
 * saved search at a time, sends one push to each of the person's browsers,
 * and marks them sent, in one transaction that holds the rows' locks while it
 * sends: a sender that dies mid-way rolls back what it had not marked, and
 * the next run sends it. The table is the server's: no grants to anon or
 * authenticated, and no policies.
 */

create table public.alert_deliveries (
  id bigint generated always as identity,
  saved_search_id uuid not null,
  listing_id uuid not null,
  user_id uuid not null,
  kind text not null,
  created_at timestamp with time zone not null default now(),
  sent_at timestamp with time zone,
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamp with time zone not null default now(),
  gave_up_at timestamp with time zone,
  constraint alert_deliveries_pkey PRIMARY KEY (id),
  constraint alert_deliveries_one_per_match UNIQUE (saved_search_id, listing_id),
  constraint alert_deliveries_kind_valid CHECK (kind = ANY (ARRAY['instant'::text, 'daily'::text])),
  constraint alert_deliveries_saved_search_id_fkey FOREIGN KEY (saved_search_id) REFERENCES saved_searches(id) ON DELETE CASCADE,
  constraint alert_deliveries_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.alert_deliveries is 'New-home alerts waiting for or done by the sender: one row per match of a saved search with alerts on.';

create index alert_deliveries_listing_idx ON public.alert_deliveries using btree (listing_id);

-- What is still to send, by saved search, for the sender's scan.
create index alert_deliveries_pending_idx ON public.alert_deliveries using btree (next_attempt_at, saved_search_id) WHERE ((sent_at IS NULL) AND (gave_up_at IS NULL));

create index alert_deliveries_user_idx ON public.alert_deliveries using btree (user_id);

-- The API roles get only what is granted here.
revoke all on table public.alert_deliveries from anon, authenticated, service_role;
grant select, insert, update, delete on table public.alert_deliveries to service_role;

-- Its identity's sequence.
revoke all on sequence alert_deliveries_id_seq from anon, authenticated, service_role;
grant select, usage on sequence alert_deliveries_id_seq to service_role;

alter table public.alert_deliveries enable row level security;

-- ==================================================================================================
-- supabase/schemas/06-my_live_viewing.sql
-- ==================================================================================================

-- The caller's live booking, locked; a clear refusal when it is someone else's or no longer live.

create or replace function public.my_live_viewing(booking_id uuid)
  returns viewing_bookings
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  booking public.viewing_bookings;
begin
  select * into booking from public.viewing_bookings as b where b.id = my_live_viewing.booking_id for update;
  if booking.id is null or auth.uid() is null or auth.uid() not in (booking.hunter_id, booking.landlord_id) then
    raise exception 'You can only change your own viewings' using errcode = 'VW020';
  end if;
  return booking;
end;
$function$;

revoke all on function public.my_live_viewing(booking_id uuid) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/06-post_viewing_line.sql
-- ==================================================================================================

/**
 * Posts `body` in the listing's conversation between the booking's hunter and landlord, as `sender`
 * (the person who acted); the hunter's booking starts the conversation when there is none. A line the
 * messaging rules refuse (a block, a limit) is skipped, never failing the viewing's change.
 */

create or replace function public.post_viewing_line(booking viewing_bookings, sender uuid, body text)
  returns void
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  conversation uuid;
begin
  begin
    select c.id into conversation from public.conversations as c
    where c.listing_id = booking.listing_id and c.hunter_id = booking.hunter_id;
    if conversation is null and sender = booking.hunter_id then
      insert into public.conversations (listing_id, hunter_id, landlord_id)
      values (booking.listing_id, booking.hunter_id, booking.landlord_id)
      on conflict on constraint conversations_one_per_listing do nothing
      returning id into conversation;
    end if;
    if conversation is not null then
      insert into public.messages (conversation_id, sender_id, body)
      values (conversation, sender, post_viewing_line.body);
    end if;
  exception when others then
    raise log 'a viewing line was not posted: %', sqlerrm;
  end;
end;
$function$;

revoke all on function public.post_viewing_line(booking viewing_bookings, sender uuid, body text) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/06-queue_viewing_reminders.sql
-- ==================================================================================================

-- A booked viewing owes each side a reminder 2 hours before.

create or replace function public.queue_viewing_reminders(booking viewing_bookings)
  returns void
  language sql
  security definer
  set search_path to ''
as $function$
  insert into public.viewing_reminders (booking_id, recipient_id, kind, next_attempt_at)
  select booking.id, person, 'reminder', booking.starts_at - interval '2 hours'
  from unnest(array[booking.hunter_id, booking.landlord_id]) as person
  on conflict on constraint viewing_reminders_once do nothing;
$function$;

revoke all on function public.queue_viewing_reminders(booking viewing_bookings) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/06-saved_search_matches.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Matches, for `N new`
 * ---------------------------------------------------------------------------
 * Every (saved search, listing) match, written when the listing is published
 * (whatever the search's alerts), so a person's `N new` counts read a few index
 * entries instead of matching every listing published since. The server's:
 * the app reads it through saved_search_new_counts().
 */

create table public.saved_search_matches (
  saved_search_id uuid not null,
  listing_id uuid not null,
  listing_created_at timestamp with time zone not null,
  constraint saved_search_matches_pkey PRIMARY KEY (saved_search_id, listing_id),
  constraint saved_search_matches_saved_search_id_fkey FOREIGN KEY (saved_search_id) REFERENCES saved_searches(id) ON DELETE CASCADE
);

create index saved_search_matches_listing_idx ON public.saved_search_matches using btree (listing_id);

create index saved_search_matches_newest_idx ON public.saved_search_matches using btree (saved_search_id, listing_created_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.saved_search_matches from anon, authenticated, service_role;
grant select, insert, update, delete on table public.saved_search_matches to service_role;

alter table public.saved_search_matches enable row level security;

-- ==================================================================================================
-- supabase/schemas/07-listings.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Listings
 * ---------------------------------------------------------------------------
 * Homes for rent or sale. Everyone may browse them; a signed-in user publishes
 * listings in their own name and edits or deletes only those. The rules of the
 * create and edit forms are repeated here as CHECK constraints, so a request
 * that bypasses the app is refused too. Ids may come from the client, which
 * makes publishing a draft that was queued offline idempotent.
 */

create table public.listings (
  id uuid not null default gen_random_uuid(),
  type text not null default 'rent'::text,
  name text not null,
  bedrooms integer not null default 1,
  bathrooms integer not null default 1,
  parking boolean not null default false,
  furnished boolean not null default false,
  location text not null,
  offer boolean not null default false,
  regular_price integer not null,
  discounted_price integer,
  image_urls text[] not null,
  latitude double precision not null,
  longitude double precision not null,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  user_ref uuid not null default auth.uid(),
  description text,
  effective_price integer generated always as (
CASE
    WHEN offer THEN discounted_price
    ELSE regular_price
END) stored,
  search_text text generated always as (((((location || ' '::text) || name) || ' '::text) || COALESCE(description, ''::text))) stored,
  status text not null default 'available'::text,
  status_changed_at timestamp with time zone not null default now(),
  off_market_at timestamp with time zone,
  price_reduced_at timestamp with time zone,
  price_reduced_by integer,
  version integer not null default 1,
  constraint listings_pkey PRIMARY KEY (id),
  constraint listings_bathrooms_range CHECK (bathrooms >= 1 AND bathrooms <= 50),
  constraint listings_bedrooms_range CHECK (bedrooms >= 1 AND bedrooms <= 50),
  constraint listings_description_length CHECK (char_length(description) <= 2000),
  constraint listings_description_no_controls CHECK (description !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]'::text),
  constraint listings_description_trimmed CHECK (description = btrim(description, ' 	
'::text)),
  constraint listings_description_visible CHECK (description ~ '[^\s\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff[:cntrl:]]'::text),
  constraint listings_discount_below_regular CHECK (discounted_price < regular_price),
  constraint listings_discount_only_with_offer CHECK (offer OR discounted_price IS NULL),
  constraint listings_discounted_price_range CHECK (discounted_price >= 50 AND discounted_price <= 750000000),
  constraint listings_image_count CHECK (array_ndims(image_urls) = 1 AND cardinality(image_urls) >= 1 AND cardinality(image_urls) <= 6 AND array_position(image_urls, NULL::text) IS NULL),
  constraint listings_image_urls_valid CHECK (listing_image_urls_valid(image_urls, user_ref)),
  constraint listings_latitude_range CHECK (latitude >= '-90'::integer::double precision AND latitude <= 90::double precision),
  constraint listings_location_length CHECK (char_length(location) <= 300),
  constraint listings_location_present CHECK (btrim(location) <> ''::text),
  constraint listings_location_visible CHECK (char_length(visible_text(location)) >= 1),
  constraint listings_longitude_range CHECK (longitude >= '-180'::integer::double precision AND longitude <= 180::double precision),
  constraint listings_name_length CHECK (char_length(name) >= 10 AND char_length(name) <= 32),
  constraint listings_name_visible CHECK (char_length(visible_text(name)) >= 10),
  constraint listings_offer_needs_discount CHECK (NOT offer OR discounted_price IS NOT NULL),
  constraint listings_price_reduced_by_positive CHECK (price_reduced_by > 0),
  constraint listings_price_reduction_whole CHECK ((price_reduced_at IS NULL) = (price_reduced_by IS NULL)),
  constraint listings_regular_price_range CHECK (regular_price >= 50 AND regular_price <= 750000000),
  constraint listings_status_valid CHECK (type = 'sale'::text AND (status = ANY (ARRAY['available'::text, 'under_offer'::text, 'sold_stc'::text, 'sold'::text])) OR type = 'rent'::text AND (status = ANY (ARRAY['available'::text, 'let_agreed'::text, 'let'::text])) OR (type <> ALL (ARRAY['rent'::text, 'sale'::text]))),
  constraint listings_type_valid CHECK (type = ANY (ARRAY['rent'::text, 'sale'::text])),
  constraint listings_version_positive CHECK (version >= 1),
  constraint listings_user_ref_fkey FOREIGN KEY (user_ref) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on column public.listings.created_at is 'Server time of publication; clients cannot set or change it.';
comment on column public.listings.user_ref is 'The landlord: the publishing user; never changes.';
comment on column public.listings.description is 'The landlord''s description: trimmed, up to 2,000 characters.';
comment on column public.listings.effective_price is 'The price a person pays: the discounted price when on offer, else the regular price.';
comment on column public.listings.search_text is 'Location, name and description, matched by the search''s words (trigram index).';
comment on column public.listings.status is 'Where the home is on the market: sale available, under_offer, sold_stc, sold; rent available, let_agreed, let.';
comment on column public.listings.status_changed_at is 'Server time the status last changed (publication when it never did); server-owned.';
comment on column public.listings.off_market_at is 'When the listing leaves lists and search: sold/let + 14 days, sold_stc/let_agreed + 60 days; server-owned.';
comment on column public.listings.price_reduced_at is 'When the price a person pays last fell; cleared by an increase; server-owned.';
comment on column public.listings.price_reduced_by is 'How much the price a person pays fell by at price_reduced_at; server-owned.';
comment on column public.listings.version is 'Bumped by every update; an update that names another version is refused (listing_version_conflict).';

CREATE STATISTICS public.listings_type_price_stats (mcv) ON type, effective_price FROM listings;
alter statistics public.listings_type_price_stats set statistics 1000;

/**
 * ---------------------------------------------------------------------------
 * Listing area
 * ---------------------------------------------------------------------------
 * The search map asks for the homes inside the visible bounds:
 *
 *   longitude between west and east and latitude between south and north
 *
 * A GiST index over both coordinates (btree_gist's float8 operator class)
 * answers that box from either side, like an R-tree: a narrow strip of
 * longitude does not have to read every latitude, as a btree on
 * (longitude, latitude) would. Hosted Supabase keeps extensions in the
 * `extensions` schema, so the operator class is named with it.
 *
 * Reads stay under the table's row-level security; nothing else changes.
 */
create index listings_area_idx ON public.listings using gist (longitude, latitude);

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * Keyset paging newest first (`order by created_at desc, id desc`) for the
 * explore, category and offers pages, and a landlord's own listings, which
 * also serves the ownership policies.
 */
create index listings_newest_idx ON public.listings using btree (created_at DESC, id DESC);

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * The `reduced` sort pages by keyset on (price_reduced_at desc nulls last,
 * id desc), alone, by type and by offer, like the other sorts. The on-market
 * condition is checked on the rows these and the existing indexes return:
 * nearly every listing is on the market, so an ordered index scan stops after
 * a page's worth of rows. off_market_at is indexed for the few queries led by
 * it (how many have left, or are about to).
 */
create index listings_off_market_idx ON public.listings using btree (off_market_at) WHERE (off_market_at IS NOT NULL);

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * Every sort pages by keyset on its key plus id, so each sort, with and
 * without the type or offer preset, has an index in that order:
 * - newest first: the indexes of the listings migration, and one led by
 *   offer for `offer is true` (a partial index `where offer` serves
 *   `offer = true` only; a leading boolean column serves both forms);
 * - by price: (effective_price, id), read forwards or backwards, alone, by
 *   type and by offer. They carry the room and feature columns, so a count
 *   or a filter on them is answered from the index alone.
 * Words match through the trigram index on search_text.
 */
create index listings_offer_newest_idx ON public.listings using btree (offer, created_at DESC, id DESC);

/**
 * ---------------------------------------------------------------------------
 * Counts from the indexes alone, on the market
 * ---------------------------------------------------------------------------
 * A search's exact count reads market_listings: besides its filters, each row
 * is checked for being on the market (off_market_at), available when Include
 * under offer is off (status), and visible under the listings' select policy
 * (user_ref, beside the id already in the key). The price indexes carried the
 * room and feature columns so that a count was answered from the index alone;
 * they now carry these three too, so it still is rather than reading every
 * matching row from the table. Same keys and names; only the included columns
 * grow.
 */
create index listings_offer_price_idx ON public.listings using btree (offer, effective_price, id) INCLUDE (bedrooms, bathrooms, parking, furnished, type, status, off_market_at, user_ref);

create index listings_offer_reduced_idx ON public.listings using btree (offer, price_reduced_at DESC NULLS LAST, id DESC);

create index listings_offers_newest_idx ON public.listings using btree (created_at DESC, id DESC) WHERE offer;

/**
 * ---------------------------------------------------------------------------
 * Capped counts with a price, and with parking or furnished, that stay small
 * ---------------------------------------------------------------------------
 * Two kinds of /search count still read thousands of rows for their 1,001 at
 * a million listings:
 *
 * - A common word with a price (`london`, rent up to £2,000: 17,000 homes).
 *   The eighth (20261126200000) read its trigram index alone and checked the
 *   price on each candidate: 5,700 rows for 1,001 matches, 30-45 ms. The
 *   eighth now has a price index of its own, whose predicate is written as
 *   `id <= 1fffffff-…` rather than the trigram index's `id < 20000000-…`: the
 *   planner never ANDs two indexes whose predicates are the same clause, and
 *   here ANDing is the point. The two bitmaps together leave only the homes
 *   that match both, about 1,400 rows read: 15 ms. Such a search tries the
 *   eighth when the planner expects 4,000 matches (half the plain threshold):
 *   its estimate of a word and a price together was 5,050 for 12,000 (`flat`,
 *   rent up to £1,500), which counted the whole through two full bitmaps of
 *   100,000 homes each (90 ms; 28 ms through the eighth).
 * - Every filter at once (rent £800-2,500, 2 bedrooms, 2 bathrooms, parking,
 *   furnished) read 29,000 entries of the (type, price) index for 1,001
 *   matches: 11 ms. An index led by type, parking and furnished, then price,
 *   reads only homes with both: 4.7 ms; parking or furnished alone,
 *   1.5-3 ms (Postgres 18 skips the other boolean). It carries what the
 *   other filters and market_listings check, so counts stay index-only:
 *   74 MB at a million.
 *
 * Also dropped: listings_off_market_at_idx, which 20261125620000 created as
 * an exact copy of listings_off_market_idx (20261125500000).
 *
 * Nothing here changes what a count says, only how fast: the priced eighth
 * is the same eighth, counted the same way, and a count below 1,001 is still
 * that of every listing.
 */
create index listings_price_eighth_idx ON public.listings using btree (effective_price) WHERE (id <= '1fffffff-ffff-ffff-ffff-ffffffffffff'::uuid);

create index listings_price_idx ON public.listings using btree (effective_price, id) INCLUDE (bedrooms, bathrooms, parking, furnished, offer, type, status, off_market_at, user_ref);

create index listings_reduced_idx ON public.listings using btree (price_reduced_at DESC NULLS LAST, id DESC);

/**
 * ---------------------------------------------------------------------------
 * Newest first, of one type: an index of each type's own
 * ---------------------------------------------------------------------------
 * A page of one type sorted newest with words that few homes match walks an
 * index in the sort's order, checking each home, until it has 11. Of the two
 * indexes in that order, (created_at, id) and (type, created_at, id), the
 * planner priced the second higher: it judges how scattered the heap reads
 * are by the index's first column, and listings of either type are
 * interleaved, while creation order follows the heap's. So it took the first,
 * and read the other type's homes as well: page 50 of `london garden` to rent
 * up to £2,000, at a million listings, read 6,468 homes for 11.
 *
 * Each type now has an index of its own, led by created_at: partial on the
 * type, so it holds only that type's homes and is priced by creation order
 * like the other. The same page reads 3,234 homes. A page with no type keeps
 * listings_newest_idx.
 */
create index listings_rent_newest_idx ON public.listings using btree (created_at DESC, id DESC) WHERE (type = 'rent'::text);

create index listings_sale_newest_idx ON public.listings using btree (created_at DESC, id DESC) WHERE (type = 'sale'::text);

/**
 * ---------------------------------------------------------------------------
 * A common word's eighth: only homes with no leaving date
 * ---------------------------------------------------------------------------
 * count_listings counts a common word within an eighth of the listings first
 * (20261126200000), through a trigram index of that eighth. The index held
 * every listing of the eighth, on the market or not, so the count read homes
 * that had left the market from the heap only to drop them: at a million
 * listings, 562 of the 1,563 homes that `london`'s count read.
 *
 * The eighth is now the listings of those ids that have no leaving date
 * (off_market_at is null), and its trigram index holds only them. A home
 * with a leaving date still ahead is on the market too: it is no longer in
 * the eighth, so when the eighth does not reach 1,001 the rest is every
 * listing outside it (`not (eighth)`), and the count is exact as before.
 * When the eighth alone holds 1,001 matches, so does the whole.
 *
 * At a million listings the eighth's index is 39 MB instead of 51, and a
 * common word's count reads a quarter to a third fewer buffers (`london`
 * 1,249 -> 873, `garden` 1,639 -> 1,064, `london` for sale 2,417 -> 1,677;
 * with a type and a price about the same). At 100,000 no count reads the
 * eighth (none expects 8,000 matches), so their statements are unchanged.
 *
 * A leaving date cannot be part of an index's predicate (it is compared
 * with now()), but its absence can. Nothing here changes what a count says,
 * only which homes it reads: the eighth's statements still read
 * market_listings, which settles which homes are on the market.
 */
create index listings_search_text_eighth_idx ON public.listings using gin (search_text extensions.gin_trgm_ops) WHERE ((id < '20000000-0000-0000-0000-000000000000'::uuid) AND (off_market_at IS NULL));

create index listings_search_text_idx ON public.listings using gin (search_text extensions.gin_trgm_ops);

/**
 * ---------------------------------------------------------------------------
 * The (type, parking, furnished, price) index for counts only
 * ---------------------------------------------------------------------------
 * listings_type_amenities_price_idx (20261126310000) was built for
 * count_listings with parking or furnished, but the planner took it for
 * pages too. At 100,000 listings it ANDed it with the newest-first index for
 * page 50 of a search with every filter, 8.1 ms where walking the
 * newest-first index had taken 1.8.
 *
 * The index is now partial on `version > 0`, which every listing meets
 * (listings_version_positive: version >= 1) but which only count_listings
 * states, and only for a count with parking or furnished. Postgres uses a
 * partial index only where the query states its predicate (it does not
 * reason from check constraints), so every other query, every page
 * PostgREST runs and every other count, is planned as before this index
 * existed. What a count says does not change: the condition holds for
 * every listing.
 */
create index listings_type_amenities_price_idx ON public.listings using btree (type, parking, furnished, effective_price) INCLUDE (id, bedrooms, bathrooms, offer, status, off_market_at) WHERE (version > 0);

create index listings_type_price_idx ON public.listings using btree (type, effective_price, id) INCLUDE (bedrooms, bathrooms, parking, furnished, offer, status, off_market_at, user_ref);

create index listings_type_reduced_idx ON public.listings using btree (type, price_reduced_at DESC NULLS LAST, id DESC);

create index listings_user_ref_idx ON public.listings using btree (user_ref, created_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.listings from anon, authenticated, service_role;
grant select on table public.listings to anon;
grant select, insert, update, delete on table public.listings to authenticated;
grant select, insert, update, delete on table public.listings to service_role;

alter table public.listings enable row level security;

create policy "Listed listings are visible to everyone, and landlords see thei"
  on public.listings for select to anon, authenticated
  using (((NOT (EXISTS ( SELECT 1
   FROM listing_review_holds h
  WHERE (h.listing_id = listings.id)))) OR (user_ref = ( SELECT auth.uid() AS uid))));

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Users can delete their own listings"
  on public.listings for delete to authenticated
  using ((user_ref = ( SELECT auth.uid() AS uid)));

create policy "Users can publish listings in their own name"
  on public.listings for insert to authenticated
  with check ((user_ref = ( SELECT auth.uid() AS uid)));

create policy "Users can update their own listings"
  on public.listings for update to authenticated
  using ((user_ref = ( SELECT auth.uid() AS uid)))
  with check ((user_ref = ( SELECT auth.uid() AS uid)));

/**
 * ---------------------------------------------------------------------------
 * A listing leaves the market: its open requests are cancelled
 * ---------------------------------------------------------------------------
 * Under offer, let agreed, let, sold subject to contract or sold: each request
 * still waiting for the landlord is cancelled with a line from the landlord.
 * Booked viewings stay (the landlord cancels them if they wish).
 */
create trigger cancel_viewing_requests_off_market AFTER UPDATE OF status ON listings FOR EACH ROW WHEN (new.status <> 'available'::text AND old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION cancel_viewing_requests_off_market();

/**
 * Moves the listings a statement changed between cells: departed rows
 * (updated or deleted) leave theirs, arrived rows (inserted or updated) join
 * theirs. One grouped upsert per transition table, so a bulk insert of a
 * million listings costs one pass; cells are written in key order, so two
 * statements touching the same cells wait for each other instead of
 * deadlocking. Security definer: the table is written by nobody else.
 */
create trigger listings_clusters_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS departed FOR EACH STATEMENT EXECUTE FUNCTION count_listing_clusters();

create trigger listings_clusters_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION count_listing_clusters();

create trigger listings_clusters_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS departed NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION count_listing_clusters();

/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */
create trigger listings_lift_fix_hold AFTER UPDATE ON listings FOR EACH ROW EXECUTE FUNCTION lift_fix_hold();

/**
 * Moves a statement's listings in listing_place_words: rows of departed
 * listings (deleted, or updated in a column the table holds) go, rows of
 * arrived ones (inserted, or so updated) come, each only for a listing with
 * no leaving date; the vocabulary's counts follow in the same statement, one
 * grouped upsert in word order.
 */
create trigger listings_place_words_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS departed FOR EACH STATEMENT EXECUTE FUNCTION keep_listing_place_words();

create trigger listings_place_words_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION keep_listing_place_words();

create trigger listings_place_words_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS departed NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION keep_listing_place_words();

/**
 * ---------------------------------------------------------------------------
 * Price history
 * ---------------------------------------------------------------------------
 * One row when a listing is published (`Listed at`, no previous price) and one
 * for every change of the price a person pays. Written only by the triggers
 * below (security definer): no API role may insert, update or delete a row,
 * not even the service role, so history cannot be written or rewritten
 * through the API. Rows go with their listing.
 */
create trigger listings_price_history_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION record_listing_prices();

create trigger listings_price_history_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_listings NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION record_listing_prices();

/**
 * ---------------------------------------------------------------------------
 * Publishing limits
 * ---------------------------------------------------------------------------
 * One account publishes at most 20 new listings in any 24 hours and holds at
 * most 200 in all. The database refuses the 21st (or the 201st) with a message
 * the listing form shows as it is; a draft waiting on the device keeps its
 * place and shows the same reason. The limits bind API callers (anon,
 * authenticated); the service role and the table owner (seeding, maintenance)
 * are not held to them.
 */
create trigger listings_publishing_limits BEFORE INSERT ON listings FOR EACH ROW EXECUTE FUNCTION enforce_publishing_limits();

/**
 * Publishing records the matches and queues the alerts: after an insert of
 * listings, one match per (matching search, listing), and one delivery per
 * match of a search with alerts on; the publisher's own searches left out. Security definer: the publisher can neither read other people's
 * searches nor write the queue.
 */
create trigger listings_queue_alerts AFTER INSERT ON listings REFERENCING NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION queue_listing_alerts();

/**
 * After an update of listings: for each listing whose move matters, one push
 * per person who saved it and wants these alerts. One change per update, the
 * biggest: leaving the market, else going under offer (a status change into
 * under_offer, sold_stc or let_agreed), else a fall in price.
 */
create trigger listings_queue_saved_home_pushes AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_listings NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION queue_saved_home_pushes();

/**
 * ---------------------------------------------------------------------------
 * Server-owned columns
 * ---------------------------------------------------------------------------
 * For API callers (anon, authenticated) an insert gets the server's time and
 * the caller's id whatever the request said; the service role and the table
 * owner (seeding, maintenance) may set both. After insert, id, created_at and
 * user_ref never change, for anyone; updated_at records the last change.
 */
create trigger listings_stamp BEFORE INSERT OR UPDATE ON listings FOR EACH ROW EXECUTE FUNCTION stamp_listing();

/**
 * ---------------------------------------------------------------------------
 * Status history
 * ---------------------------------------------------------------------------
 * Every status a listing has had, from its publication: the landlord's record
 * of the sale or let, and part of their data export. Written by trigger only,
 * like the price history: no API role may insert, update or delete a row.
 * Readable by whoever can read the listing.
 */
create trigger listings_status_history_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION record_listing_statuses();

create trigger listings_status_history_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_listings NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION record_listing_statuses();

/**
 * Moves a statement's listings in listing_word_marks: rows of departed
 * listings (deleted, or updated in a column the table holds or in their text)
 * go, and rows of arrived ones (inserted, or so updated) come, each only for a
 * listing with no leaving date and some dictionary word.
 */
create trigger listings_word_marks_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS departed FOR EACH STATEMENT EXECUTE FUNCTION keep_listing_word_marks();

create trigger listings_word_marks_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION keep_listing_word_marks();

create trigger listings_word_marks_update AFTER UPDATE ON listings REFERENCING OLD TABLE AS departed NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION keep_listing_word_marks();

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listings;

-- On alert_deliveries, written here because it names this table, which needs alert_deliveries first.
alter table public.alert_deliveries add constraint alert_deliveries_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_price_history, written here because it names this table, which needs listing_price_history first.
alter table public.listing_price_history add constraint listing_price_history_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_price_history, written here because it reads this table, which needs listing_price_history first.
-- Whoever can read the listing (its select policy applies inside the subquery) reads its history.
create policy "Price history is visible to whoever can see the listing"
  on public.listing_price_history for select to anon, authenticated, service_role
  using ((EXISTS ( SELECT 1
   FROM listings l
  WHERE (l.id = listing_price_history.listing_id))));

-- On listing_report_origins, written here because it names this table, which needs listing_report_origins first.
alter table public.listing_report_origins add constraint listing_report_origins_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_review_holds, written here because it names this table, which needs listing_review_holds first.
alter table public.listing_review_holds add constraint listing_review_holds_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_status_history, written here because it names this table, which needs listing_status_history first.
alter table public.listing_status_history add constraint listing_status_history_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On listing_status_history, written here because it reads this table, which needs listing_status_history first.
/**
 * ---------------------------------------------------------------------------
 * Status history
 * ---------------------------------------------------------------------------
 * Every status a listing has had, from its publication: the landlord's record
 * of the sale or let, and part of their data export. Written by trigger only,
 * like the price history: no API role may insert, update or delete a row.
 * Readable by whoever can read the listing.
 */
create policy "Status history is visible to whoever can see the listing"
  on public.listing_status_history for select to anon, authenticated, service_role
  using ((EXISTS ( SELECT 1
   FROM listings l
  WHERE (l.id = listing_status_history.listing_id))));

-- On moderation_cases, written here because it names this table, which needs moderation_cases first.
alter table public.moderation_cases add constraint moderation_cases_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On saved_home_pushes, written here because it names this table, which needs saved_home_pushes first.
alter table public.saved_home_pushes add constraint saved_home_pushes_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On saved_listings, written here because it names this table, which needs saved_listings first.
alter table public.saved_listings add constraint saved_listings_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On saved_search_matches, written here because it names this table, which needs saved_search_matches first.
alter table public.saved_search_matches add constraint saved_search_matches_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- On viewing_bookings, written here because it names this table, which needs viewing_bookings first.
alter table public.viewing_bookings add constraint viewing_bookings_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE;

-- ==================================================================================================
-- supabase/schemas/08-conversations.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Messages: enquiries about a listing and their replies
 * ---------------------------------------------------------------------------
 * A conversation is between one house hunter and the landlord of one listing;
 * only those two read it. Messages are plain text (1–2,000 characters, stored
 * exactly as written), never edited or deleted through the API, and may carry
 * the client's own id so a send repeated by the device's outbox is taken once.
 * A person can block another: the blocked person's later messages are refused.
 * Sending is limited: 10 new conversations per sender a day, 60 messages an hour.
 *
 * The app calls:
 *   rpc send_enquiry(listing_id, message_id, body)   → the conversation's id
 *   from('messages').upsert({ id, conversation_id, body }, { onConflict: 'id', ignoreDuplicates: true })
 *   rpc my_conversations(page_size, before_at, before_id, only_id)
 *   rpc unread_conversation_count()
 *   rpc mark_conversation_read(conversation_id)
 *   from('messages').select() keyset-paged on (created_at, id)
 *   from('blocked_senders') insert/delete
 */

create table public.conversations (
  id uuid not null default gen_random_uuid(),
  listing_id uuid,
  hunter_id uuid default auth.uid(),
  landlord_id uuid,
  created_at timestamp with time zone not null default now(),
  last_message_at timestamp with time zone not null default now(),
  last_sender_id uuid,
  hunter_read_at timestamp with time zone not null default '-infinity'::timestamp with time zone,
  landlord_read_at timestamp with time zone not null default '-infinity'::timestamp with time zone,
  constraint conversations_pkey PRIMARY KEY (id),
  constraint conversations_one_per_listing UNIQUE (listing_id, hunter_id),
  constraint conversations_two_people CHECK (hunter_id <> landlord_id),
  constraint conversations_hunter_id_fkey FOREIGN KEY (hunter_id) REFERENCES profiles(id) ON DELETE SET NULL,
  constraint conversations_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES profiles(id) ON DELETE SET NULL,
  constraint conversations_last_sender_id_fkey FOREIGN KEY (last_sender_id) REFERENCES profiles(id) ON DELETE SET NULL,
  constraint conversations_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE SET NULL
);

comment on table public.conversations is 'A house hunter and a landlord talking about one listing; read only by those two.';
comment on column public.conversations.hunter_id is 'The house hunter; null once they deleted their account.';
comment on column public.conversations.landlord_id is 'The landlord; null once they deleted their account.';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A person's conversations newest first, from either side (keyset on
 * last_message_at, id); unread counts from partial indexes holding only the
 * conversations with news for that side; a conversation's messages keyset-paged
 * newest first; a sender's recent messages for the hourly limit.
 */
create index conversations_hunter_recent ON public.conversations using btree (hunter_id, last_message_at DESC, id DESC);

create index conversations_hunter_started ON public.conversations using btree (hunter_id, created_at);

create index conversations_hunter_unread ON public.conversations using btree (hunter_id) WHERE (last_message_at > hunter_read_at);

create index conversations_landlord_recent ON public.conversations using btree (landlord_id, last_message_at DESC, id DESC);

create index conversations_landlord_unread ON public.conversations using btree (landlord_id) WHERE (last_message_at > landlord_read_at);

-- The API roles get only what is granted here.
revoke all on table public.conversations from anon, authenticated, service_role;
grant select on table public.conversations to authenticated;
grant select, insert, update, delete on table public.conversations to service_role;
grant insert (id, listing_id) on table public.conversations to authenticated;

alter table public.conversations enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * Conversations are started through send_enquiry (insert of listing_id, and
 * the id the client chose); their bookkeeping columns change only through the
 * triggers and mark_conversation_read. Messages are inserted and read, never
 * updated or deleted through the API.
 */
create policy "Participants can view their conversations"
  on public.conversations for select to authenticated
  using (((( SELECT auth.uid() AS uid) = hunter_id) OR (( SELECT auth.uid() AS uid) = landlord_id)));

create policy "Users can start conversations about others' listings"
  on public.conversations for insert to authenticated
  with check (((hunter_id = ( SELECT auth.uid() AS uid)) AND (landlord_id <> ( SELECT auth.uid() AS uid))));

/**
 * ---------------------------------------------------------------------------
 * Rules a request cannot get round
 * ---------------------------------------------------------------------------
 * Security definer: they read the other side's block list and the sender's
 * counts, which row-level security hides from the caller.
 */
create trigger stamp_conversation BEFORE INSERT OR UPDATE ON conversations FOR EACH ROW EXECUTE FUNCTION stamp_conversation();

-- On blocked_senders, written here because it reads this table, which needs blocked_senders first.
-- Only someone the blocker talks with: the table is no way to probe which ids are people.
create policy "Users can block the people they talk with"
  on public.blocked_senders for insert to authenticated
  with check (((blocker_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM conversations c
  WHERE (((c.hunter_id = blocked_senders.blocked_id) AND (c.landlord_id = ( SELECT auth.uid() AS uid))) OR ((c.landlord_id = blocked_senders.blocked_id) AND (c.hunter_id = ( SELECT auth.uid() AS uid))))))));

-- On message_emails, written here because it names this table, which needs message_emails first.
alter table public.message_emails add constraint message_emails_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES conversations(id) ON DELETE CASCADE;

-- ==================================================================================================
-- supabase/schemas/08-listing_matches_search.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Searches: `underOffer` and the `reduced` sort
 * ---------------------------------------------------------------------------
 * A search's `underOffer: false` (the URL's `?underOffer=false`; on by
 * default, never written when on) keeps only available homes; `sort` may be
 * `reduced`. saved_search_params_valid accepts exactly these and
 * listing_matches_search applies the first as src/utils/match-listings.ts
 * does. Whether a listing is still on the market is not part of the match: the
 * callers read market_listings.
 */

create or replace function public.listing_matches_search(listing listings, params jsonb)
  returns boolean
  language sql
  immutable parallel safe
as $function$
  select
    (params ->> 'type' is null or (listing).type = params ->> 'type')
    and (params ->> 'minPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        >= (params ->> 'minPrice')::numeric)
    and (params ->> 'maxPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        <= (params ->> 'maxPrice')::numeric)
    and (params ->> 'minBeds' is null or (listing).bedrooms >= (params ->> 'minBeds')::numeric)
    and (params ->> 'minBaths' is null or (listing).bathrooms >= (params ->> 'minBaths')::numeric)
    and (params -> 'parking' is distinct from 'true' or (listing).parking)
    and (params -> 'furnished' is distinct from 'true' or (listing).furnished)
    and (params -> 'offer' is distinct from 'true' or (listing).offer)
    and (params -> 'underOffer' is distinct from 'false' or (listing).status = 'available')
    and (params ->> 'bbox' is null or (
      (listing).longitude between split_part(params ->> 'bbox', ',', 1)::float8
        and split_part(params ->> 'bbox', ',', 3)::float8
      and (listing).latitude between split_part(params ->> 'bbox', ',', 2)::float8
        and split_part(params ->> 'bbox', ',', 4)::float8
    ))
    and (params ->> 'q' is null or public.search_words_in(
      public.search_fold((listing).location || ' ' || (listing).name || ' ' || coalesce((listing).description, '')),
      public.search_words(params ->> 'q')
    ))
$function$;

revoke all on function public.listing_matches_search(listing listings, params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.listing_matches_search(listing listings, params jsonb) to public;
grant execute on function public.listing_matches_search(listing listings, params jsonb) to anon;
grant execute on function public.listing_matches_search(listing listings, params jsonb) to authenticated;
grant execute on function public.listing_matches_search(listing listings, params jsonb) to service_role;

-- ==================================================================================================
-- supabase/schemas/08-listing_reports.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Reports
 * ---------------------------------------------------------------------------
 */

create table public.listing_reports (
  id uuid not null default gen_random_uuid(),
  listing_id uuid not null,
  reporter_id uuid not null default auth.uid(),
  reason text not null,
  note text not null default ''::text,
  created_at timestamp with time zone not null default now(),
  reviewed_at timestamp with time zone,
  constraint listing_reports_pkey PRIMARY KEY (id),
  constraint listing_reports_one_per_person UNIQUE (listing_id, reporter_id),
  constraint listing_reports_note_length CHECK (char_length(note) <= 1000),
  constraint listing_reports_reason_valid CHECK (reason = ANY (ARRAY['Scam or fraud'::text, 'Wrong details'::text, 'Already let or sold'::text, 'Offensive'::text, 'Other'::text])),
  constraint listing_reports_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE,
  constraint listing_reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.listing_reports is 'Reports of listings by signed-in people, one per person per listing; read by their reporter and the service role.';

create index listing_reports_open ON public.listing_reports using btree (listing_id) WHERE (reviewed_at IS NULL);

create index listing_reports_reporter ON public.listing_reports using btree (reporter_id);

-- The API roles get only what is granted here.
revoke all on table public.listing_reports from anon, authenticated, service_role;
grant select, insert on table public.listing_reports to authenticated;
grant select, insert, update, delete on table public.listing_reports to service_role;

alter table public.listing_reports enable row level security;

create policy "Reporters can view their own reports"
  on public.listing_reports for select to authenticated
  using ((reporter_id = ( SELECT auth.uid() AS uid)));

create policy "Signed-in people can report listings in their own name"
  on public.listing_reports for insert to authenticated
  with check ((reporter_id = ( SELECT auth.uid() AS uid)));

create trigger listing_reports_hide AFTER INSERT ON listing_reports FOR EACH ROW EXECUTE FUNCTION hide_reported_listing();

/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */
create trigger listing_reports_open_case AFTER INSERT ON listing_reports FOR EACH ROW EXECUTE FUNCTION open_moderation_case();

create trigger listing_reports_stamp BEFORE INSERT ON listing_reports FOR EACH ROW EXECUTE FUNCTION stamp_listing_report();

-- On listing_report_origins, written here because it names this table, which needs listing_report_origins first.
alter table public.listing_report_origins add constraint listing_report_origins_report_id_fkey FOREIGN KEY (report_id) REFERENCES listing_reports(id) ON DELETE CASCADE;

-- ==================================================================================================
-- supabase/schemas/08-market_listings.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * On the market
 * ---------------------------------------------------------------------------
 * The one rule: a listing is on the market until its off_market_at. Every list
 * and search (Explore's slider, the category pages, Offers, search's list,
 * count and map, saved-search matching, landlord contact) reads this view; the
 * listings' select policy still applies (security invoker), so what it hides
 * stays hidden. A column added to listings later is added here too (the view
 * keeps the columns it was created with).
 */

create view public.market_listings with (security_invoker=false) as
SELECT id,
   type,
   name,
   bedrooms,
   bathrooms,
   parking,
   furnished,
   location,
   offer,
   regular_price,
   discounted_price,
   image_urls,
   latitude,
   longitude,
   created_at,
   updated_at,
   user_ref,
   description,
   effective_price,
   search_text,
   status,
   status_changed_at,
   off_market_at,
   price_reduced_at,
   price_reduced_by,
   version,
   image_urls[1] AS cover_url
  FROM listings l
 WHERE (off_market_at IS NULL OR off_market_at > now()) AND NOT (EXISTS ( SELECT 1
          FROM listing_review_holds h
         WHERE h.listing_id = l.id));

comment on view public.market_listings is 'Listings on the market and not held for review: every list and search reads this, with the view owner''s rights (see its migration); a listing''s own page reads public.listings.';
comment on column public.market_listings.cover_url is 'The first of image_urls (the picture a card shows), or null: what the search map selects instead of every picture.';

revoke all on table public.market_listings from anon, authenticated, service_role;
grant select on table public.market_listings to anon;
grant select on table public.market_listings to authenticated;
grant select on table public.market_listings to service_role;

-- ==================================================================================================
-- supabase/schemas/08-moderation_decisions.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Cases, decisions
 * ---------------------------------------------------------------------------
 */

create table public.moderation_decisions (
  id bigint generated always as identity,
  case_id bigint not null,
  listing_id uuid not null,
  listing_name text not null,
  landlord_id uuid not null,
  moderator_id uuid,
  decision text not null,
  reason text not null default ''::text,
  note text not null default ''::text,
  on_appeal boolean not null default false,
  decided_at timestamp with time zone not null default now(),
  constraint moderation_decisions_pkey PRIMARY KEY (id),
  constraint moderation_decisions_decision_valid CHECK (decision = ANY (ARRAY['keep-listed'::text, 'take-down'::text, 'ask-to-fix'::text])),
  constraint moderation_decisions_note_length CHECK (char_length(note) <= 1000),
  constraint moderation_decisions_case_id_fkey FOREIGN KEY (case_id) REFERENCES moderation_cases(id) ON DELETE CASCADE,
  constraint moderation_decisions_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint moderation_decisions_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE,
  constraint moderation_decisions_moderator_id_fkey FOREIGN KEY (moderator_id) REFERENCES auth.users(id) ON DELETE SET NULL
);

comment on table public.moderation_decisions is 'What moderators decided about listings; read through moderation functions, never directly.';

create index moderation_decisions_case ON public.moderation_decisions using btree (case_id);

create index moderation_decisions_landlord ON public.moderation_decisions using btree (landlord_id, decided_at DESC);

create index moderation_decisions_listing ON public.moderation_decisions using btree (listing_id);

create index moderation_decisions_moderator ON public.moderation_decisions using btree (moderator_id);

-- The API roles get only what is granted here.
revoke all on table public.moderation_decisions from anon, authenticated, service_role;
grant select on table public.moderation_decisions to service_role;

-- Its identity's sequence.
revoke all on sequence moderation_decisions_id_seq from anon, authenticated, service_role;

alter table public.moderation_decisions enable row level security;

-- On moderation_cases, written here because it names this table, which needs moderation_cases first.
alter table public.moderation_cases add constraint moderation_cases_appeal_of_fkey FOREIGN KEY (appeal_of) REFERENCES moderation_decisions(id) ON DELETE CASCADE;

-- On moderation_notices, written here because it names this table, which needs moderation_notices first.
alter table public.moderation_notices add constraint moderation_notices_decision_id_fkey FOREIGN KEY (decision_id) REFERENCES moderation_decisions(id) ON DELETE SET NULL;

-- ==================================================================================================
-- supabase/schemas/08-saved_searches_matching.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Finding the searches a listing matches
 * ---------------------------------------------------------------------------
 * Without scanning every saved search, two indexes give the candidates:
 *
 * - a search with a word of three or more characters has match_key, the start
 *   of its longest word (up to 5 characters), which any listing it matches
 *   holds somewhere in its text: the pieces of 3 to 5 characters of the
 *   listing's folded text are looked up in a btree of match_key, which also
 *   carries the type, price range and rooms, so most candidates that cannot
 *   match are dropped before their row is read;
 * - the others (a map area or filters only) are found in a GiST of the map
 *   area and the price range: those whose area holds the listing's position
 *   and whose range holds its price.
 *
 * Each candidate is then checked with listing_matches_search, the one
 * definition of a match.
 */

create or replace function public.saved_searches_matching(listing listings)
  returns table(saved_search_id uuid, user_id uuid, alerts text)
  language sql
  stable
  set search_path to ''
as $function$
  -- What the listing brings to the match, worked out once (each read below is an InitPlan, run once per call).
  with listing_at as (
    select
      case when listing.offer then listing.discounted_price else listing.regular_price end as price,
      public.listing_search_flags(listing.parking, listing.furnished, listing.offer, listing.status) as flags,
      public.search_point_cells(listing.longitude, listing.latitude) as cells,
      public.search_fold(listing.location || ' ' || listing.name || ' ' || coalesce(listing.description, ''))
        as folded
  ),
  candidates as (
    select s.id, s.user_id, s.alerts, s.match_words,
      s.match_type, s.match_price, s.match_beds, s.match_baths, s.match_flags, s.match_area
    from public.saved_searches as s
    where s.match_key = any(public.search_text_pieces((select folded from listing_at)))
    union all
    select s.id, s.user_id, s.alerts, s.match_words,
      s.match_type, s.match_price, s.match_beds, s.match_baths, s.match_flags, s.match_area
    from public.saved_searches as s
    where s.match_key is null and s.match_cell = any((select cells from listing_at)::bigint[])
  )
  -- listing_matches_search from the columns the indexes carry (so Postgres checks them in each index scan),
  -- then the words.
  select c.id, c.user_id, c.alerts
  from candidates as c
  where (c.match_type is null or c.match_type = listing.type)
    and c.match_price @> (select price from listing_at)
    and c.match_beds <= listing.bedrooms
    and c.match_baths <= listing.bathrooms
    and c.match_flags & (select flags from listing_at) = c.match_flags
    and listing.longitude between (c.match_area[1])[0] and (c.match_area[0])[0]
    and listing.latitude between (c.match_area[1])[1] and (c.match_area[0])[1]
    and (cardinality(c.match_words) = 0 or public.search_words_in((select folded from listing_at), c.match_words));
$function$;

revoke all on function public.saved_searches_matching(listing listings) from public, anon, authenticated, service_role;
grant execute on function public.saved_searches_matching(listing listings) to service_role;

-- ==================================================================================================
-- supabase/schemas/08-viewing_slots.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Tables
 * ---------------------------------------------------------------------------
 */

create table public.viewing_slots (
  id uuid not null default gen_random_uuid(),
  listing_id uuid not null,
  landlord_id uuid not null default auth.uid(),
  starts_at timestamp with time zone not null,
  minutes integer not null,
  ends_at timestamp with time zone not null default now(),
  confirm_each boolean not null default false,
  removed_at timestamp with time zone,
  created_at timestamp with time zone not null default now(),
  constraint viewing_slots_pkey PRIMARY KEY (id),
  constraint viewing_slots_ends CHECK (ends_at > starts_at),
  constraint viewing_slots_minutes CHECK (minutes >= 5 AND minutes <= 120),
  constraint viewing_slots_no_overlap EXCLUDE USING gist (listing_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (removed_at IS NULL),
  constraint viewing_slots_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES profiles(id) ON DELETE CASCADE,
  constraint viewing_slots_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE
);

comment on table public.viewing_slots is 'Viewing times a landlord offers on a listing; removed ones are kept, marked, so late bookings of them are answered.';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A listing's slots by time (the booking panel, the 40-slot count, a deleted
 * listing's cascade); a landlord's slots (policy); each side's bookings by time
 * (policy, the Viewings screen, the hunter's limits); a listing's bookings by
 * status (requests cancelled when it leaves the market, its cascade); the
 * queue's due rows.
 */
create index viewing_slots_landlord ON public.viewing_slots using btree (landlord_id);

create index viewing_slots_listing_time ON public.viewing_slots using btree (listing_id, starts_at);

-- The API roles get only what is granted here.
revoke all on table public.viewing_slots from anon, authenticated, service_role;
grant select on table public.viewing_slots to authenticated;
grant select, insert, update, delete on table public.viewing_slots to service_role;
grant insert (id, listing_id, starts_at, minutes, confirm_each) on table public.viewing_slots to authenticated;
grant update (confirm_each) on table public.viewing_slots to authenticated;

alter table public.viewing_slots enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Landlords: remove a time, choose how bookings are taken
 * ---------------------------------------------------------------------------
 */
create policy "Landlords can change their listings' viewing times"
  on public.viewing_slots for update to authenticated
  using ((landlord_id = ( SELECT auth.uid() AS uid)))
  with check ((landlord_id = ( SELECT auth.uid() AS uid)));

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * A landlord inserts and reads the slots of their listings; everything else
 * goes through the functions below. Bookings are read by their two people;
 * the reminder queue is the server's.
 */
create policy "Landlords can offer viewing times on their listings"
  on public.viewing_slots for insert to authenticated
  with check ((landlord_id = ( SELECT auth.uid() AS uid)));

create policy "Landlords can view their listings' viewing times"
  on public.viewing_slots for select to authenticated
  using ((landlord_id = ( SELECT auth.uid() AS uid)));

/**
 * ---------------------------------------------------------------------------
 * Slots: the rules a landlord's insert meets
 * ---------------------------------------------------------------------------
 */
create trigger stamp_viewing_slot BEFORE INSERT ON viewing_slots FOR EACH ROW EXECUTE FUNCTION stamp_viewing_slot();

-- On viewing_bookings, written here because it names this table, which needs viewing_bookings first.
alter table public.viewing_bookings add constraint viewing_bookings_slot_id_fkey FOREIGN KEY (slot_id) REFERENCES viewing_slots(id) ON DELETE CASCADE;

-- ==================================================================================================
-- supabase/schemas/09-listing_reports_review.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * The operator's review (service role only)
 * ---------------------------------------------------------------------------
 * `select * from public.listing_reports_review` lists every listing with open
 * reports, hidden ones first; `select public.review_listing_reports(id)`
 * marks its reports reviewed and lists it again. To take a listing down
 * instead, remove its photos through the Storage API and delete its row.
 */

create view public.listing_reports_review with (security_invoker=true) as
SELECT l.id AS listing_id,
   l.name AS listing_name,
   l.user_ref AS landlord_id,
   p.email AS landlord_email,
   h.listing_id IS NOT NULL AS hidden_for_review,
   COALESCE(pending.reports, 0::bigint)::integer AS open_reports,
   pending.first_reported_at,
   COALESCE(pending.details, '[]'::jsonb) AS reports,
   h.held_at,
   COALESCE(pending.counted, 0::bigint)::integer AS counted_reports
  FROM ( SELECT r.listing_id
          FROM listing_reports r
         WHERE r.reviewed_at IS NULL
       UNION
        SELECT held.listing_id
          FROM listing_review_holds held) queued
    JOIN listings l ON l.id = queued.listing_id
    LEFT JOIN listing_review_holds h ON h.listing_id = l.id
    LEFT JOIN profiles p ON p.id = l.user_ref
    LEFT JOIN LATERAL ( SELECT count(*) AS reports,
           count(*) FILTER (WHERE o.counts) AS counted,
           min(r.created_at) AS first_reported_at,
           jsonb_agg(jsonb_build_object('reason', r.reason, 'note', r.note, 'reporter_id', r.reporter_id, 'at', r.created_at, 'client_address', o.client_address, 'counts', COALESCE(o.counts, false), 'not_counted_because', o.not_counted_because) ORDER BY r.created_at) AS details
          FROM listing_reports r
            LEFT JOIN listing_report_origins o ON o.report_id = r.id
         WHERE r.listing_id = l.id AND r.reviewed_at IS NULL) pending ON true
 ORDER BY (h.listing_id IS NOT NULL) DESC, h.held_at, pending.counted DESC, pending.reports DESC, pending.first_reported_at;

comment on view public.listing_reports_review is 'Listings held or with reports waiting for review, held first, with each report''s address and whether it counted; service role only.';

revoke all on table public.listing_reports_review from anon, authenticated, service_role;
grant select on table public.listing_reports_review to service_role;

-- ==================================================================================================
-- supabase/schemas/09-messages.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Messages: enquiries about a listing and their replies
 * ---------------------------------------------------------------------------
 * A conversation is between one house hunter and the landlord of one listing;
 * only those two read it. Messages are plain text (1–2,000 characters, stored
 * exactly as written), never edited or deleted through the API, and may carry
 * the client's own id so a send repeated by the device's outbox is taken once.
 * A person can block another: the blocked person's later messages are refused.
 * Sending is limited: 10 new conversations per sender a day, 60 messages an hour.
 *
 * The app calls:
 *   rpc send_enquiry(listing_id, message_id, body)   → the conversation's id
 *   from('messages').upsert({ id, conversation_id, body }, { onConflict: 'id', ignoreDuplicates: true })
 *   rpc my_conversations(page_size, before_at, before_id, only_id)
 *   rpc unread_conversation_count()
 *   rpc mark_conversation_read(conversation_id)
 *   from('messages').select() keyset-paged on (created_at, id)
 *   from('blocked_senders') insert/delete
 */

create table public.messages (
  id uuid not null default gen_random_uuid(),
  conversation_id uuid not null,
  sender_id uuid default auth.uid(),
  body text not null,
  created_at timestamp with time zone not null default now(),
  constraint messages_pkey PRIMARY KEY (id),
  constraint messages_body_length CHECK (char_length(body) >= 1 AND char_length(body) <= 2000),
  constraint messages_body_not_blank CHECK (btrim(body, ' 	
'::text) <> ''::text),
  constraint messages_body_visible CHECK (visible_text(body) <> ''::text),
  constraint messages_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES conversations(id) ON DELETE CASCADE,
  constraint messages_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES profiles(id) ON DELETE SET NULL
);

comment on table public.messages is 'Plain-text messages of a conversation, stored as written; the id may come from the client (idempotent sends).';
comment on column public.messages.sender_id is 'Who wrote it; null once they deleted their account (`Deleted user`).';

/**
 * ---------------------------------------------------------------------------
 * Indexes
 * ---------------------------------------------------------------------------
 * A person's conversations newest first, from either side (keyset on
 * last_message_at, id); unread counts from partial indexes holding only the
 * conversations with news for that side; a conversation's messages keyset-paged
 * newest first; a sender's recent messages for the hourly limit.
 */
create index messages_conversation_page ON public.messages using btree (conversation_id, created_at DESC, id DESC);

create index messages_sender_recent ON public.messages using btree (sender_id, created_at);

-- The API roles get only what is granted here.
revoke all on table public.messages from anon, authenticated, service_role;
grant select on table public.messages to authenticated;
grant select, insert, update, delete on table public.messages to service_role;
grant insert (id, conversation_id, body) on table public.messages to authenticated;

alter table public.messages enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * Conversations are started through send_enquiry (insert of listing_id, and
 * the id the client chose); their bookkeeping columns change only through the
 * triggers and mark_conversation_read. Messages are inserted and read, never
 * updated or deleted through the API.
 */
create policy "Participants can view their conversations' messages"
  on public.messages for select to authenticated
  using ((EXISTS ( SELECT 1
   FROM conversations c
  WHERE ((c.id = messages.conversation_id) AND ((( SELECT auth.uid() AS uid) = c.hunter_id) OR (( SELECT auth.uid() AS uid) = c.landlord_id))))));

create policy "Participants not blocked can send messages"
  on public.messages for insert to authenticated
  with check (((sender_id = ( SELECT auth.uid() AS uid)) AND conversation_open_to(conversation_id, ( SELECT auth.uid() AS uid))));

/**
 * ---------------------------------------------------------------------------
 * Rules a request cannot get round
 * ---------------------------------------------------------------------------
 * Security definer: they read the other side's block list and the sender's
 * counts, which row-level security hides from the caller.
 */
create trigger message_sent AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION message_sent();

/**
 * Notes that the caller opened the app now. Writes at most once a minute per person whatever the client
 * does (the app itself calls it at most once an hour); returns the time recorded.
 */
create trigger queue_message_email AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION queue_message_email();

/**
 * ---------------------------------------------------------------------------
 * Pushes for new messages
 * ---------------------------------------------------------------------------
 * Each new message owes its recipient a push: a row in this queue, written by a
 * trigger in the message's own transaction, sent by the send-alerts function
 * (supabase/functions/send-alerts/messages.ts) through the same Web Push code as
 * saved-search alerts. The sender claims rows with `for update skip locked` and
 * marks them sent in the transaction that holds the claim, so a sender that dies
 * loses nothing and a second sender never takes the same row. With push off (no
 * subscription) the row is simply marked sent: the unread count still shows.
 * The queue is the server's: no grants to anon or authenticated.
 */
create trigger queue_message_push AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION queue_message_push();

create trigger stamp_message BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION stamp_message();

-- On message_pushes, written here because it names this table, which needs message_pushes first.
alter table public.message_pushes add constraint message_pushes_message_id_fkey FOREIGN KEY (message_id) REFERENCES messages(id) ON DELETE CASCADE;

-- ==================================================================================================
-- supabase/schemas/09-moderation_decide.sql
-- ==================================================================================================

/**
 * ---------------------------------------------------------------------------
 * Decisions: one function each, one transaction each
 * ---------------------------------------------------------------------------
 * moderation_decide is their common body (not callable through the API).
 * The case's row lock orders two moderators deciding at once: the second
 * finds it closed and is told so, and nothing changes.
 */

create or replace function public.moderation_decide(case_id bigint, decision text, reason text, note text)
  returns moderation_decisions
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  moderator uuid := public.require_moderator();
  decided_case public.moderation_cases;
  listing public.listings;
  appealed public.moderation_decisions;
  made public.moderation_decisions;
  reporter uuid;
  outcome text;
begin
  if char_length(coalesce(note, '')) > 1000 then
    raise exception 'A note can be at most 1000 characters' using errcode = '22023';
  end if;

  select * into decided_case from public.moderation_cases as c where c.id = moderation_decide.case_id for update;
  if not found then
    raise exception 'This case does not exist' using errcode = 'PT404';
  end if;
  if decided_case.closed_at is not null then
    raise exception 'Already decided by another moderator' using errcode = 'PT409';
  end if;

  if decided_case.appeal_of is not null then
    select * into appealed from public.moderation_decisions as d where d.id = decided_case.appeal_of;
    if appealed.moderator_id = moderator then
      raise exception 'Another moderator decides the appeal of your own decision' using errcode = '42501';
    end if;
  end if;

  select * into listing from public.listings as l where l.id = decided_case.listing_id for update;

  insert into public.moderation_decisions
    (case_id, listing_id, listing_name, landlord_id, moderator_id, decision, reason, note, on_appeal)
  values (
    decided_case.id, listing.id, listing.name, listing.user_ref, moderator, moderation_decide.decision,
    coalesce(moderation_decide.reason, ''), coalesce(moderation_decide.note, ''), decided_case.appeal_of is not null
  )
  returning * into made;

  update public.moderation_cases as c set closed_at = now() where c.id = decided_case.id;

  -- The listing's hold: lifted, or set to what was decided.
  if moderation_decide.decision = 'keep-listed' then
    delete from public.listing_review_holds as h where h.listing_id = listing.id;
  else
    insert into public.listing_review_holds (listing_id, landlord_id, held_at, kind)
    values (listing.id, listing.user_ref, now(), case moderation_decide.decision when 'take-down' then 'taken-down' else 'fix-requested' end)
    on conflict (listing_id) do update set kind = excluded.kind, held_at = excluded.held_at;
  end if;

  insert into public.moderation_audit (actor_id, actor_email, action, listing_id, listing_name, reason, note)
  values (
    moderator,
    (select u.email from auth.users as u where u.id = moderator),
    moderation_decide.decision,
    listing.id,
    listing.name,
    coalesce(moderation_decide.reason, ''),
    coalesce(moderation_decide.note, '')
  );

  -- Each reporter whose report this closes hears the outcome.
  outcome := case moderation_decide.decision
    when 'take-down' then 'it was taken down.'
    when 'ask-to-fix' then 'we asked the landlord to fix it.'
    else 'it stays listed.'
  end;
  for reporter in
    update public.listing_reports as r set reviewed_at = now()
    where r.listing_id = listing.id and r.reviewed_at is null
    returning r.reporter_id
  loop
    insert into public.moderation_notices (person_id, decision_id, body)
    values (reporter, made.id, format('We reviewed your report about "%s": %s', listing.name, outcome));
  end loop;

  -- The landlord hears what was decided, and why.
  insert into public.moderation_notices (person_id, decision_id, body)
  values (
    listing.user_ref,
    made.id,
    case moderation_decide.decision
      when 'take-down' then format('Your listing "%s" was taken down: %s.', listing.name, made.reason)
      when 'ask-to-fix' then format('Your listing "%s" is hidden until you edit it. What to fix: %s', listing.name, made.note)
      else format('We reviewed your listing "%s": it stays listed.', listing.name)
    end
      || case when moderation_decide.decision = 'take-down' and made.note <> '' then ' ' || made.note else '' end
  );

  return made;
end;
$function$;

revoke all on function public.moderation_decide(case_id bigint, decision text, reason text, note text) from public, anon, authenticated, service_role;

-- ==================================================================================================
-- supabase/schemas/09-search_by_price.sql
-- ==================================================================================================

/**
 * One page of a search sorted by price (effective_price, then id; rising, or falling when `descending`): up to
 * page_size homes of market_listings that match every word (any part, any case, as ILIKE) and filter, after the
 * home (after_price, after_id) when given. The arguments are count_listings', and the rows those the app read
 * from market_listings before.
 */

create or replace function public.search_by_price(words text default ''::text, type text default NULL::text, min_price integer default NULL::integer, max_price integer default NULL::integer, min_beds integer default NULL::integer, min_baths integer default NULL::integer, parking boolean default false, furnished boolean default false, offer boolean default false, available_only boolean default false, west double precision default NULL::double precision, south double precision default NULL::double precision, east double precision default NULL::double precision, north double precision default NULL::double precision, descending boolean default false, after_price integer default NULL::integer, after_id uuid default NULL::uuid, page_size integer default 11)
  returns setof market_listings
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
declare
  patterns text[] := array(
    select '%' || lower(word) || '%' from unnest(string_to_array(coalesce(words, ''), ' ')) as word where word <> ''
  );
  in_area boolean := west is not null and south is not null and east is not null and north is not null;
  -- The prices the page may show, and where it starts: after the cursor's home, or at the first home (every price
  -- and id is beyond the lowest, or the highest, there is).
  low integer := coalesce(min_price, -2147483648);
  high integer := coalesce(max_price, 2147483647);
  start_price integer := coalesce(after_price, case when descending then 2147483647 else -2147483648 end);
  start_id uuid := coalesce(
    after_id,
    case when descending then 'ffffffff-ffff-ffff-ffff-ffffffffffff' else '00000000-0000-0000-0000-000000000000' end::uuid
  );
  -- The complete place the page is read from, and the bits of the search's other words (each a dictionary word).
  place text;
  other_marks bigint;
  -- The search's conditions on market_listings ($n: the arguments as EXECUTE passes them).
  conditions text[] := array['true'];
begin
  if page_size is null or page_size < 1 or page_size > 100 then
    raise exception 'page_size must be from 1 to 100' using errcode = '22023';
  end if;
  if (after_price is null) <> (after_id is null) then
    raise exception 'after_price and after_id go together: give both or neither' using errcode = '22023';
  end if;

  -- The complete place the page can be read from, if any (search_place).
  select s.place, s.other_marks into place, other_marks from public.search_place(patterns) as s;

  -- From the place's rows of each type in price order (its index: type, price, id, with marks and leaving date
  -- in it), each branch ordered so that the planner merges the two types' index scans when the search has no
  -- type (a type it has turns the other branch off). Each listing is read and checked in market_listings in that
  -- order until a page is full; `limit 1`: one listing per row, looked up by its id (never a join of all the
  -- place's homes). Static statements, one for each direction: the session keeps their plans.
  if place is not null and not descending then
    return query
    select m.*
    from (
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'rent' and coalesce(search_by_price.type, 'rent') = 'rent'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) > (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price, p.listing_id)
      union all
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'sale' and coalesce(search_by_price.type, 'sale') = 'sale'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) > (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price, p.listing_id)
    ) as p
      cross join lateral (
        select m.* from public.market_listings as m
        where m.id = p.listing_id
          and m.search_text ilike all (patterns)
          and (min_beds is null or m.bedrooms >= min_beds)
          and (min_baths is null or m.bathrooms >= min_baths)
          and (search_by_price.parking is not true or m.parking)
          and (search_by_price.furnished is not true or m.furnished)
          and (search_by_price.offer is not true or m.offer)
          and (available_only is not true or m.status = 'available')
          and (not in_area or (m.longitude >= west and m.longitude <= east and m.latitude >= south and m.latitude <= north))
        limit 1
      ) as m
    order by p.effective_price, p.listing_id
    limit page_size;
    return;
  end if;
  if place is not null then
    return query
    select m.*
    from (
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'rent' and coalesce(search_by_price.type, 'rent') = 'rent'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) < (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price desc, p.listing_id desc)
      union all
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'sale' and coalesce(search_by_price.type, 'sale') = 'sale'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) < (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price desc, p.listing_id desc)
    ) as p
      cross join lateral (
        select m.* from public.market_listings as m
        where m.id = p.listing_id
          and m.search_text ilike all (patterns)
          and (min_beds is null or m.bedrooms >= min_beds)
          and (min_baths is null or m.bathrooms >= min_baths)
          and (search_by_price.parking is not true or m.parking)
          and (search_by_price.furnished is not true or m.furnished)
          and (search_by_price.offer is not true or m.offer)
          and (available_only is not true or m.status = 'available')
          and (not in_area or (m.longitude >= west and m.longitude <= east and m.latitude >= south and m.latitude <= north))
        limit 1
      ) as m
    order by p.effective_price desc, p.listing_id desc
    limit page_size;
    return;
  end if;

  -- Otherwise the query the app sent market_listings, planned for these values, with its keyset as the app wrote
  -- it: a bound the index starts at, and the rows beyond the cursor's home at it.
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    conditions := array_append(conditions, format('search_text ilike ($1)[%s]', i));
  end loop;
  conditions := conditions || public.search_filter_conditions(
    search_by_price.type, min_price, max_price, min_beds, min_baths, search_by_price.parking,
    search_by_price.furnished, search_by_price.offer, available_only, in_area
  );
  if after_price is not null then
    conditions := array_append(
      conditions,
      format('effective_price %1$s= $11 and (effective_price %1$s $11 or id %1$s $12)', case when descending then '<' else '>' end)
    );
  end if;
  return query execute format(
    'select * from public.market_listings where %s order by effective_price %2$s, id %2$s limit $13',
    array_to_string(conditions, ' and '),
    case when descending then 'desc' else 'asc' end
  )
  using patterns, search_by_price.type, min_price, max_price, min_beds, min_baths, west, east, south, north,
    after_price, after_id, page_size;
end;
$function$;

comment on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) is 'A page of a search sorted by price (rising, or falling when descending), as market_listings gives it (its rows, in effective_price, id order, after the cursor''s home): read from a complete place''s rows when one word is that place and the others are dictionary words.';

revoke all on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) to anon;
grant execute on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) to authenticated;
grant execute on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) to service_role;

-- ==================================================================================================
-- supabase/schemas/09-search_newest.sql
-- ==================================================================================================

/**
 * One page of a search sorted newest (created_at desc, id desc): up to page_size homes of market_listings that
 * match every word (any part, any case, as ILIKE) and filter, after the home (after_created_at, after_id) when
 * given. The arguments are count_listings', and the rows those the app read from market_listings before.
 */

create or replace function public.search_newest(words text default ''::text, type text default NULL::text, min_price integer default NULL::integer, max_price integer default NULL::integer, min_beds integer default NULL::integer, min_baths integer default NULL::integer, parking boolean default false, furnished boolean default false, offer boolean default false, available_only boolean default false, west double precision default NULL::double precision, south double precision default NULL::double precision, east double precision default NULL::double precision, north double precision default NULL::double precision, after_created_at timestamp with time zone default NULL::timestamp with time zone, after_id uuid default NULL::uuid, page_size integer default 11)
  returns setof market_listings
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
declare
  patterns text[] := array(
    select '%' || lower(word) || '%' from unnest(string_to_array(coalesce(words, ''), ' ')) as word where word <> ''
  );
  in_area boolean := west is not null and south is not null and east is not null and north is not null;
  -- Where the page starts: after the cursor's home, or at the top (no home is newer than infinity).
  before_time timestamptz := coalesce(after_created_at, 'infinity');
  before_id uuid := coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
  -- The complete place the page is read from, and the bits of the search's other words (each a dictionary word).
  place text;
  other_marks bigint;
  -- The search's conditions on market_listings ($n: the arguments as EXECUTE passes them).
  conditions text[] := array['true'];
begin
  if page_size is null or page_size < 1 or page_size > 100 then
    raise exception 'page_size must be from 1 to 100' using errcode = '22023';
  end if;
  if (after_created_at is null) <> (after_id is null) then
    raise exception 'after_created_at and after_id go together: give both or neither' using errcode = '22023';
  end if;

  -- The complete place the page can be read from, if any (search_place).
  select s.place, s.other_marks into place, other_marks from public.search_place(patterns) as s;

  if place is not null then
    -- The place's rows newest first, from its index (type, price, marks and leaving date in it), each listing read
    -- and checked in market_listings in that order until a page is full. `limit 1`: one listing per row, looked
    -- up by its id (never a join of all the place's homes). A plan kept for the session: the same for any values.
    return query
    select m.*
    from public.listing_place_words as p
      cross join lateral (
        select m.* from public.market_listings as m
        where m.id = p.listing_id
          and m.search_text ilike all (patterns)
          and (search_newest.type is null or m.type = search_newest.type)
          and (min_price is null or m.effective_price >= min_price)
          and (max_price is null or m.effective_price <= max_price)
          and (min_beds is null or m.bedrooms >= min_beds)
          and (min_baths is null or m.bathrooms >= min_baths)
          and (search_newest.parking is not true or m.parking)
          and (search_newest.furnished is not true or m.furnished)
          and (search_newest.offer is not true or m.offer)
          and (available_only is not true or m.status = 'available')
          and (not in_area or (m.longitude >= west and m.longitude <= east and m.latitude >= south and m.latitude <= north))
        limit 1
      ) as m
    where p.word = place
      and (p.created_at, p.listing_id) < (before_time, before_id)
      and (p.off_market_at is null or p.off_market_at > now())
      and (search_newest.type is null or p.type = search_newest.type)
      and (min_price is null or p.effective_price >= min_price)
      and (max_price is null or p.effective_price <= max_price)
      and p.marks & other_marks = other_marks
    order by p.created_at desc, p.listing_id desc
    limit page_size;
    return;
  end if;

  -- Otherwise the query the app sent market_listings, planned for these values.
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    conditions := array_append(conditions, format('search_text ilike ($1)[%s]', i));
  end loop;
  conditions := conditions || public.search_filter_conditions(
    search_newest.type, min_price, max_price, min_beds, min_baths, search_newest.parking, search_newest.furnished,
    search_newest.offer, available_only, in_area
  );
  -- The keyset as the app wrote it: a bound the index starts at, and the rows after the cursor's home at it.
  if after_created_at is not null then
    conditions := array_append(conditions, 'created_at <= $11 and (created_at < $11 or id < $12)');
  end if;
  return query execute format(
    'select * from public.market_listings where %s order by created_at desc, id desc limit $13',
    array_to_string(conditions, ' and ')
  )
  using patterns, search_newest.type, min_price, max_price, min_beds, min_baths, west, east, south, north,
    after_created_at, after_id, page_size;
end;
$function$;

comment on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) is 'A page of a search sorted newest, as market_listings gives it (its rows, in created_at desc, id desc order, after the cursor''s home): read from a complete place''s rows when one word is that place and the others are dictionary words.';

revoke all on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) to anon;
grant execute on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) to authenticated;
grant execute on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) to service_role;
