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
