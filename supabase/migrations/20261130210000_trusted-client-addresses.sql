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

-- ---------------------------------------------------------------------------
-- The deployment's setting: which request header carries the client address
-- ---------------------------------------------------------------------------

create table public.client_address_settings (
  -- One row: the primary key admits only true.
  single_row boolean primary key default true check (single_row),
  header text not null default 'cf-connecting-ip'
    check (header ~ '^[a-z0-9-]+$')
);

comment on table public.client_address_settings is
  'Which request header carries the client address (lower case): one the deployment''s gateway sets and a client cannot. Hosted Supabase: cf-connecting-ip.';

insert into public.client_address_settings default values;

revoke all on public.client_address_settings from anon, authenticated, service_role;
alter table public.client_address_settings enable row level security;

-- ---------------------------------------------------------------------------
-- Parsing: one IP address, or nothing
-- ---------------------------------------------------------------------------

-- The address a header value names, in canonical text ('192.0.2.1', '2001:db8::/64' for IPv6), or null when
-- it is not exactly one IPv4 or IPv6 address. The pattern rejects most junk cheaply (and what inet would also
-- accept but is no address: '10/8', '10.1'); the cast, inside its own block, decides the rest
-- (PG 15 has no pg_input_is_valid).
create function public.client_address_of(value text)
  returns text
  language plpgsql
  immutable
  set search_path = ''
as $$
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
$$;

revoke execute on function public.client_address_of(text) from public, anon, authenticated, service_role;

-- The client address from a request's headers (as PostgREST hands them to the database, or as a function
-- received them): the configured header only; 'unknown' when it is missing or is not an address.
create function public.client_address(headers jsonb)
  returns text
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(public.client_address_of(headers ->> s.header), 'unknown')
  from public.client_address_settings as s;
$$;

revoke execute on function public.client_address(jsonb) from public, anon, authenticated, service_role;

comment on function public.client_address(jsonb) is
  'The client address in these request headers: the header client_address_settings names, parsed as one IP address (IPv6 per /64), else ''unknown''.';

-- The address the current API request comes from. Security definer to read the setting through
-- client_address; callers may ask which address they are counted as (so a deployer can check the setting by
-- sending a forged header and seeing it ignored).
create or replace function public.request_client_address()
  returns text
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select public.client_address(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::jsonb);
$$;

revoke execute on function public.request_client_address() from public;
grant execute on function public.request_client_address() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- landlord_contact: the same limit, from the trusted address, with stale rows of every address removed
-- ---------------------------------------------------------------------------

-- The batch delete of stale rows finds them by age alone.
create index landlord_contact_reads_stale on public.landlord_contact_reads (read_at);

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
$$;

-- Earlier addresses were any string a client sent: they counted nothing real.
delete from public.landlord_contact_reads as r
where r.address <> 'unknown' and public.client_address_of(r.address) is distinct from r.address;

-- ---------------------------------------------------------------------------
-- Tries of the account functions: password checks and exports
-- ---------------------------------------------------------------------------

create table public.account_function_tries (
  id bigint generated always as identity primary key,
  -- 'password': a password check of delete-account (kept while pending or wrong, removed when right);
  -- 'export': one export-data.
  kind text not null check (kind in ('password', 'export')),
  -- No reference to auth.users: a try outlives a deleted account until it ages out.
  account_id uuid not null,
  address text not null,
  tried_at timestamptz not null default now()
);

comment on table public.account_function_tries is
  'Password checks of delete-account (per account and per client address, 5 wrong an hour) and exports of export-data (one a minute per account): rows of the last hour.';

create index account_function_tries_by_account on public.account_function_tries (kind, account_id, tried_at);
create index account_function_tries_by_address on public.account_function_tries (kind, address, tried_at);
create index account_function_tries_stale on public.account_function_tries (tried_at);

revoke all on public.account_function_tries from anon, authenticated, service_role;
-- Older projects grant new sequences to the API roles by default: this one is nobody's but its owner's.
revoke all on sequence public.account_function_tries_id_seq from public, anon, authenticated, service_role;
alter table public.account_function_tries enable row level security;

-- Up to 100 tries past the hour (every limit here is an hour or shorter), skipping rows another call holds.
create function public.forget_stale_account_function_tries()
  returns void
  language sql
  volatile
  set search_path = ''
as $$
  delete from public.account_function_tries as t
  where t.ctid = any (array(
    select s.ctid from public.account_function_tries as s
    where s.tried_at <= now() - interval '1 hour'
    limit 100
    for update skip locked
  ));
$$;

revoke execute on function public.forget_stale_account_function_tries() from public, anon, authenticated, service_role;

-- A password check may start: records it and returns its id, or null when the account or the client address
-- (when known) has 5 pending or wrong checks in the last hour. The caller ends it with end_password_check.
create function public.begin_password_check(account_id uuid, headers jsonb)
  returns bigint
  language plpgsql
  volatile
  set search_path = ''
as $$
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
$$;

revoke execute on function public.begin_password_check(uuid, jsonb) from public, anon, authenticated, service_role;

comment on function public.begin_password_check(uuid, jsonb) is
  'delete-account: records a password check, or returns null when the account or the (known) client address has had 5 wrong checks in the last hour.';

-- A check that did not count against anyone (the password was right, or Auth could not check it) is forgotten.
create function public.end_password_check(try_id bigint, counts boolean)
  returns void
  language sql
  volatile
  set search_path = ''
as $$
  delete from public.account_function_tries as t
  where t.id = end_password_check.try_id and not end_password_check.counts;
$$;

revoke execute on function public.end_password_check(bigint, boolean) from public, anon, authenticated, service_role;

-- An export may start: records it and returns true, or false when the account exported in the last minute.
create function public.begin_export(account_id uuid, headers jsonb)
  returns boolean
  language plpgsql
  volatile
  set search_path = ''
as $$
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
$$;

revoke execute on function public.begin_export(uuid, jsonb) from public, anon, authenticated, service_role;

comment on function public.begin_export(uuid, jsonb) is
  'export-data: records an export, or returns false when the account exported in the last minute.';

-- A deleted account leaves nothing that names it: its tries go with its profile (which goes with the auth
-- user). Deleting takes the right password, and the tries that go were guesses at that account's password
-- only, so nobody gains a guess elsewhere by it.
create function public.forget_account_function_tries()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  delete from public.account_function_tries as t where t.account_id = old.id;
  return old;
end;
$$;

revoke execute on function public.forget_account_function_tries() from public, anon, authenticated, service_role;

create trigger profiles_forget_account_function_tries
  after delete on public.profiles
  for each row execute function public.forget_account_function_tries();
