/**
 * ---------------------------------------------------------------------------
 * Viewings: times a landlord offers, bookings a hunter makes
 * ---------------------------------------------------------------------------
 * A landlord offers viewing times (slots) on a listing of theirs: a start and a
 * length (the app offers 15, 20, 30 or 45 minutes; the database takes up to 2
 * hours), at most 40 open a listing, none overlapping another of the listing
 * (an exclusion constraint), none in the past or more than 90 days ahead. Each
 * slot says whether it is booked instantly or the landlord confirms each
 * request. A removed slot is kept, marked removed, so a late booking of it
 * gets a clear answer; its booking, if any, is cancelled.
 *
 * A hunter books a slot through book_viewing(slot_id): the database settles a
 * race (the slot's row is locked, and a unique index holds one live booking a
 * slot), so of two people pressing at once one gets it and the other hears
 * `That time was just taken: pick another`. A hunter holds at most 3 upcoming
 * viewings a listing and 10 in all; nobody books their own listing or a time
 * less than an hour ahead. A listing that goes under offer, let or sold
 * cancels its open requests.
 *
 * Every change posts a line in the listing's conversation (one per listing and
 * hunter, started by the booking), written as the person who acted, so the
 * history is in one place and the other side gets the message's push. A line
 * the messaging rules refuse (a block, the hourly limit) is skipped: the
 * booking itself is the record and never fails for its line.
 *
 * Reminders are rows of a queue (viewing_reminders) sent once by send-alerts'
 * instant run: to both sides 2 hours before a booked viewing, and to the
 * landlord when a request arrives.
 *
 * Errors the app maps to its texts carry errcodes of class VW:
 *   VW001 taken, VW002 no longer offered, VW003 under an hour ahead,
 *   VW004 3 a listing, VW005 10 in all, VW006 own listing,
 *   VW010 in the past, VW011 overlapping, VW012 over 2 hours, VW013 over 90 days,
 *   VW014 over 40 open, VW015 not the listing's landlord,
 *   VW020 not your viewing, VW021 only the landlord answers, VW022 can no longer change.
 *
 * The app calls:
 *   from('viewing_slots').insert([...])           a landlord adds a slot or a run of them
 *   rpc remove_viewing_slot(slot_id)
 *   rpc set_viewing_mode(listing_id, confirm_each)
 *   rpc open_viewing_slots(listing_id)            anyone: the listing's bookable times
 *   rpc book_viewing(slot_id, booking_id)
 *   rpc answer_viewing_request(booking_id, accept)
 *   rpc cancel_viewing(booking_id)
 *   rpc viewing_running_late(booking_id, message_id, minutes)
 *   rpc my_viewings(since)                        both sides, in time order
 */

create extension if not exists btree_gist with schema extensions;

/**
 * ---------------------------------------------------------------------------
 * Tables
 * ---------------------------------------------------------------------------
 */

create table public.viewing_slots (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  -- The listing's landlord, set by the server; kept here for row-level security and the landlord's queries.
  landlord_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  starts_at timestamptz not null,
  minutes integer not null,
  -- starts_at + minutes, always set by the insert trigger (a generated column cannot add an interval to a
  -- timestamptz); the default only lets a client leave it out.
  ends_at timestamptz not null default now(),
  confirm_each boolean not null default false,
  removed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint viewing_slots_minutes check (minutes between 5 and 120),
  constraint viewing_slots_ends check (ends_at > starts_at),
  -- Two live slots of one listing never overlap.
  constraint viewing_slots_no_overlap exclude using gist (
    listing_id extensions.gist_uuid_ops with =,
    tstzrange(starts_at, ends_at) with &&
  ) where (removed_at is null)
);

comment on table public.viewing_slots is
  'Viewing times a landlord offers on a listing; removed ones are kept, marked, so late bookings of them are answered.';

create table public.viewing_bookings (
  id uuid primary key default gen_random_uuid(),
  slot_id uuid not null references public.viewing_slots (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  hunter_id uuid not null references public.profiles (id) on delete cascade,
  landlord_id uuid not null references public.profiles (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- requested → booked | declined | cancelled; booked → cancelled.
  status text not null,
  cancelled_by uuid references public.profiles (id) on delete set null,
  -- A cancellation that reached the server after the slot had started: kept, shown as `Cancelled late`.
  cancelled_late boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint viewing_bookings_status check (status in ('requested', 'booked', 'declined', 'cancelled')),
  constraint viewing_bookings_two_people check (hunter_id <> landlord_id)
);

comment on table public.viewing_bookings is
  'A hunter''s booking (or request) of a viewing slot; read by the hunter and the listing''s landlord only.';

-- One live booking a slot: the last word in a race.
create unique index viewing_bookings_one_per_slot on public.viewing_bookings (slot_id)
  where status in ('requested', 'booked');

create table public.viewing_reminders (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.viewing_bookings (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  -- reminder: 2 hours before, to each side; request: to the landlord when a request arrives.
  kind text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  constraint viewing_reminders_kind check (kind in ('reminder', 'request')),
  -- Exactly once: one row per booking, person and kind.
  constraint viewing_reminders_once unique (booking_id, recipient_id, kind)
);

comment on table public.viewing_reminders is
  'Pushes owed for viewings (reminders 2 hours before, requests to the landlord); sent by send-alerts.';

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

create index viewing_slots_listing_time on public.viewing_slots (listing_id, starts_at);
create index viewing_slots_landlord on public.viewing_slots (landlord_id);
create index viewing_bookings_hunter_time on public.viewing_bookings (hunter_id, starts_at, id);
create index viewing_bookings_landlord_time on public.viewing_bookings (landlord_id, starts_at, id);
create index viewing_bookings_listing_status on public.viewing_bookings (listing_id, status);
create index viewing_bookings_slot on public.viewing_bookings (slot_id);
-- Deleting an account sets its cancellations' author to null: found by index, not by a scan.
create index viewing_bookings_cancelled_by on public.viewing_bookings (cancelled_by) where cancelled_by is not null;
create index viewing_reminders_due on public.viewing_reminders (next_attempt_at, id) where sent_at is null;
create index viewing_reminders_recipient on public.viewing_reminders (recipient_id);

/**
 * ---------------------------------------------------------------------------
 * Slots: the rules a landlord's insert meets
 * ---------------------------------------------------------------------------
 */

create function public.stamp_viewing_slot()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;

revoke execute on function public.stamp_viewing_slot() from public, anon, authenticated, service_role;

create trigger stamp_viewing_slot
  before insert on public.viewing_slots
  for each row execute function public.stamp_viewing_slot();

/**
 * ---------------------------------------------------------------------------
 * Privileges and row-level security
 * ---------------------------------------------------------------------------
 * A landlord inserts and reads the slots of their listings; everything else
 * goes through the functions below. Bookings are read by their two people;
 * the reminder queue is the server's.
 */

revoke all on public.viewing_slots from anon, authenticated, service_role;
revoke all on public.viewing_bookings from anon, authenticated, service_role;
revoke all on public.viewing_reminders from anon, authenticated, service_role;
revoke all on sequence public.viewing_reminders_id_seq from anon, authenticated, service_role;
grant select, insert (id, listing_id, starts_at, minutes, confirm_each) on public.viewing_slots to authenticated;
grant select on public.viewing_bookings to authenticated;
grant select, insert, update, delete on public.viewing_slots, public.viewing_bookings, public.viewing_reminders
  to service_role;

alter table public.viewing_slots enable row level security;
alter table public.viewing_bookings enable row level security;
alter table public.viewing_reminders enable row level security;

create policy "Landlords can view their listings' viewing times"
  on public.viewing_slots for select to authenticated
  using (landlord_id = (select auth.uid()));

create policy "Landlords can offer viewing times on their listings"
  on public.viewing_slots for insert to authenticated
  with check (landlord_id = (select auth.uid()));

create policy "Hunters and landlords can view their viewings"
  on public.viewing_bookings for select to authenticated
  using ((select auth.uid()) in (hunter_id, landlord_id));

/**
 * ---------------------------------------------------------------------------
 * Helpers: the conversation line and the reminders
 * ---------------------------------------------------------------------------
 */

-- A viewing's time as people read it, in London: `Sat 6 Dec, 10:20`.
create function public.viewing_time_text(at timestamptz)
  returns text
  language sql
  stable
  set search_path = ''
as $$
  select to_char(viewing_time_text.at at time zone 'Europe/London', 'Dy FMDD Mon, HH24:MI');
$$;

/**
 * Posts `body` in the listing's conversation between the booking's hunter and landlord, as `sender`
 * (the person who acted); the hunter's booking starts the conversation when there is none. A line the
 * messaging rules refuse (a block, a limit) is skipped, never failing the viewing's change.
 */
create function public.post_viewing_line(booking public.viewing_bookings, sender uuid, body text)
  returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;

-- A booked viewing owes each side a reminder 2 hours before.
create function public.queue_viewing_reminders(booking public.viewing_bookings)
  returns void
  language sql
  volatile
  security definer
  set search_path = ''
as $$
  insert into public.viewing_reminders (booking_id, recipient_id, kind, next_attempt_at)
  select booking.id, person, 'reminder', booking.starts_at - interval '2 hours'
  from unnest(array[booking.hunter_id, booking.landlord_id]) as person
  on conflict on constraint viewing_reminders_once do nothing;
$$;

-- A cancelled or declined viewing owes no reminder.
create function public.drop_viewing_reminders(booking_id uuid)
  returns void
  language sql
  volatile
  security definer
  set search_path = ''
as $$
  delete from public.viewing_reminders as r
  where r.booking_id = drop_viewing_reminders.booking_id and r.sent_at is null;
$$;

revoke execute on function public.viewing_time_text(timestamptz) from public, anon;
grant execute on function public.viewing_time_text(timestamptz) to authenticated, service_role;
revoke execute on function public.post_viewing_line(public.viewing_bookings, uuid, text)
  from public, anon, authenticated, service_role;
revoke execute on function public.queue_viewing_reminders(public.viewing_bookings)
  from public, anon, authenticated, service_role;
revoke execute on function public.drop_viewing_reminders(uuid) from public, anon, authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * Landlords: remove a time, choose how bookings are taken
 * ---------------------------------------------------------------------------
 */

-- Removes one of the caller's slots; its live booking is cancelled with a line. Returns whether it was theirs.
create function public.remove_viewing_slot(slot_id uuid)
  returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
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
$$;

-- Book instantly (false) or confirm each request (true), for the listing's open and later-added times.
create function public.set_viewing_mode(listing_id uuid, confirm_each boolean)
  returns integer
  language sql
  volatile
  security invoker
  set search_path = ''
as $$
  with changed as (
    update public.viewing_slots as s
    set confirm_each = set_viewing_mode.confirm_each
    where s.listing_id = set_viewing_mode.listing_id and s.landlord_id = (select auth.uid())
      and s.removed_at is null and s.starts_at > now()
    returning 1
  )
  select count(*)::integer from changed;
$$;

grant update (confirm_each) on public.viewing_slots to authenticated;

create policy "Landlords can change their listings' viewing times"
  on public.viewing_slots for update to authenticated
  using (landlord_id = (select auth.uid()))
  with check (landlord_id = (select auth.uid()));

revoke execute on function public.remove_viewing_slot(uuid) from public, anon;
revoke execute on function public.set_viewing_mode(uuid, boolean) from public, anon;
grant execute on function public.remove_viewing_slot(uuid) to authenticated, service_role;
grant execute on function public.set_viewing_mode(uuid, boolean) to authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * Hunters: the times on offer, booking
 * ---------------------------------------------------------------------------
 */

-- A listing's bookable times: live, at least an hour ahead, not taken. Anyone may read them.
create function public.open_viewing_slots(listing_id uuid)
  returns table (id uuid, starts_at timestamptz, minutes integer, confirm_each boolean)
  language sql
  stable
  security definer
  set search_path = ''
as $$
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
$$;

/**
 * Books a slot for the caller: `booked` when the slot books instantly, else `requested`. The slot's row
 * is locked, so of two at once the second sees the first's booking; the unique index stands behind it.
 * A repeat with the same booking_id returns the booking it made.
 */
create function public.book_viewing(slot_id uuid, booking_id uuid default null)
  returns table (id uuid, status text, starts_at timestamptz, ends_at timestamptz)
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
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
$$;

revoke execute on function public.open_viewing_slots(uuid) from public;
revoke execute on function public.book_viewing(uuid, uuid) from public, anon;
grant execute on function public.open_viewing_slots(uuid) to anon, authenticated, service_role;
grant execute on function public.book_viewing(uuid, uuid) to authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * Either side: answer, cancel, say you are running late
 * ---------------------------------------------------------------------------
 */

-- The caller's live booking, locked; a clear refusal when it is someone else's or no longer live.
create function public.my_live_viewing(booking_id uuid)
  returns public.viewing_bookings
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  booking public.viewing_bookings;
begin
  select * into booking from public.viewing_bookings as b where b.id = my_live_viewing.booking_id for update;
  if booking.id is null or auth.uid() is null or auth.uid() not in (booking.hunter_id, booking.landlord_id) then
    raise exception 'You can only change your own viewings' using errcode = 'VW020';
  end if;
  return booking;
end;
$$;

revoke execute on function public.my_live_viewing(uuid) from public, anon, authenticated, service_role;

-- The landlord confirms (accept) or declines a request; a repeat of the same answer changes nothing.
create function public.answer_viewing_request(booking_id uuid, accept boolean)
  returns text
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
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
$$;

/**
 * Cancels a booking or request of the caller's (either side). Idempotent: the device's outbox may send a
 * cancellation twice. One that arrives after the slot started is kept and marked late.
 */
create function public.cancel_viewing(booking_id uuid)
  returns table (status text, cancelled_late boolean)
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
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
$$;

/**
 * The hunter tells the landlord they are running late: a message in the listing's conversation, with the
 * client's message id, so a repeat from the outbox is taken once. Returns the message's id.
 */
create function public.viewing_running_late(booking_id uuid, message_id uuid, minutes integer)
  returns uuid
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
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
$$;

revoke execute on function public.answer_viewing_request(uuid, boolean) from public, anon;
revoke execute on function public.cancel_viewing(uuid) from public, anon;
revoke execute on function public.viewing_running_late(uuid, uuid, integer) from public, anon;
grant execute on function public.answer_viewing_request(uuid, boolean) to authenticated, service_role;
grant execute on function public.cancel_viewing(uuid) to authenticated, service_role;
grant execute on function public.viewing_running_late(uuid, uuid, integer) to authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * The Viewings screen
 * ---------------------------------------------------------------------------
 * The caller's viewings from `since` on, both sides, in time order, with what the day needs offline: the
 * home's facts, photos, address and position, and the other person's name (never their email). Two
 * index range scans (hunter, landlord), merged.
 */
create function public.my_viewings(since timestamptz default null, page_size integer default 200)
  returns table (
    id uuid,
    slot_id uuid,
    listing_id uuid,
    role text,
    status text,
    cancelled_late boolean,
    starts_at timestamptz,
    ends_at timestamptz,
    other_name text,
    conversation_id uuid,
    listing_name text,
    listing_type text,
    location text,
    latitude double precision,
    longitude double precision,
    bedrooms integer,
    bathrooms integer,
    price integer,
    image_urls text[]
  )
  language sql
  stable
  security definer
  set search_path = ''
as $$
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
$$;

revoke execute on function public.my_viewings(timestamptz, integer) from public, anon;
grant execute on function public.my_viewings(timestamptz, integer) to authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * A listing leaves the market: its open requests are cancelled
 * ---------------------------------------------------------------------------
 * Under offer, let agreed, let, sold subject to contract or sold: each request
 * still waiting for the landlord is cancelled with a line from the landlord.
 * Booked viewings stay (the landlord cancels them if they wish).
 */
create function public.cancel_viewing_requests_off_market()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;

revoke execute on function public.cancel_viewing_requests_off_market() from public, anon, authenticated, service_role;

create trigger cancel_viewing_requests_off_market
  after update of status on public.listings
  for each row
  when (new.status <> 'available' and old.status is distinct from new.status)
  execute function public.cancel_viewing_requests_off_market();

/**
 * ---------------------------------------------------------------------------
 * The reminder queue's sender (send-alerts/viewings.ts)
 * ---------------------------------------------------------------------------
 * Claims due rows (`for update skip locked`, held until the caller's
 * transaction ends) with what the push says. A row whose booking is no longer
 * live is claimed too and settled without a push.
 */
create function public.claim_viewing_reminders(batch_limit integer default 50)
  returns table (
    reminder_id bigint,
    recipient_id uuid,
    kind text,
    booking_id uuid,
    live boolean,
    time_text text,
    clock text,
    location text,
    listing_name text,
    hunter_name text,
    attempts integer
  )
  language sql
  volatile
  set search_path = ''
as $$
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
$$;

-- Marks a claimed reminder sent, or records a failed attempt: retried with backoff, given up after 8 tries.
create function public.finish_viewing_reminder(reminder_id bigint, error text default null)
  returns void
  language sql
  volatile
  set search_path = ''
as $$
  update public.viewing_reminders as q
  set attempts = q.attempts + 1,
      last_error = finish_viewing_reminder.error,
      sent_at = case when finish_viewing_reminder.error is null or q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts + 1), 60) * interval '1 minute'
  where q.id = finish_viewing_reminder.reminder_id;
$$;

revoke execute on function public.claim_viewing_reminders(integer) from public, anon, authenticated;
revoke execute on function public.finish_viewing_reminder(bigint, text) from public, anon, authenticated;
grant execute on function public.claim_viewing_reminders(integer) to service_role;
grant execute on function public.finish_viewing_reminder(bigint, text) to service_role;
