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
