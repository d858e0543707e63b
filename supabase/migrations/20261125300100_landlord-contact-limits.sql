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

alter table public.profiles add column show_email boolean not null default true;

comment on column public.profiles.show_email is
  'Show my email to visitors: whether landlord_contact gives this person''s email (on by default).';

grant update (show_email) on public.profiles to authenticated;

create table public.landlord_contact_reads (
  address text not null,
  landlord_id uuid not null references public.profiles (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (address, landlord_id)
);

comment on table public.landlord_contact_reads is
  'Which landlords each client address read through landlord_contact in the last hour (rate limit).';

create index landlord_contact_reads_recent on public.landlord_contact_reads (address, read_at);

revoke all on public.landlord_contact_reads from anon, authenticated, service_role;
grant select, insert, update, delete on public.landlord_contact_reads to service_role;
alter table public.landlord_contact_reads enable row level security;

-- The caller's address as the API gateway reports it (see above); 'unknown' when it reports none.
create function public.request_client_address()
  returns text
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(
    nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''),
    'unknown'
  )
  from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb as headers) as h;
$$;

revoke execute on function public.request_client_address() from public;
grant execute on function public.request_client_address() to anon, authenticated, service_role;

create or replace function public.landlord_contact(landlord_id uuid)
  returns table (name text, email text)
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  caller_address text := public.request_client_address();
begin
  if not exists (select 1 from public.listings as l where l.user_ref = landlord_contact.landlord_id) then
    return;
  end if;

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
$$;

comment on function public.landlord_contact(uuid) is
  'Name of a user who owns at least one listing, and their email when they show it; at most 20 different landlords per client address an hour.';
