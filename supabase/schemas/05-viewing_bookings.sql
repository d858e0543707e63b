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
