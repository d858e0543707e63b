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
