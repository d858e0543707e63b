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
