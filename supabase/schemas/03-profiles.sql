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
