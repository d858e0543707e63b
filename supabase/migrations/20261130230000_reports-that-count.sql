/**
 * ---------------------------------------------------------------------------
 * Reports that one person cannot weaponise
 * ---------------------------------------------------------------------------
 * Sign-up signs a person in at once, so three sign-ups from one address and
 * three reports used to hide a competitor's listing in under a second. Every
 * report is still stored (its reporter sees it as made), but it counts
 * towards hiding the listing only when:
 *   (a) its reporter's email is confirmed: they opened a link we emailed them
 *       (public.confirm_my_email), or their account's Google identity has the
 *       same address, and the address has not changed since;
 *   (b) its reporter's account is older than 24 hours (auth.users.created_at);
 *   (c) it was sent from a client address (public.request_client_address())
 *       that no other counted open report of the listing was sent from. The
 *       database cannot see the address an Auth sign-up came from on hosted
 *       Supabase, but it sees each report's address through PostgREST's
 *       request headers, so the rule is on the reports' addresses.
 * Three counted open reports hide the listing, as before. Reports made before
 * this migration have no recorded address, so they no longer count; holds
 * already in place stay until reviewed. Operators see every
 * report with whether it counted and why not (public.listing_reports_review),
 * held listings first, from the moment they are held.
 */

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
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- The address the link went to: a later change of email makes the confirmation void.
  email text not null,
  confirmed_at timestamptz not null default now()
);

comment on table public.email_confirmations is
  'Addresses people proved they read (an emailed link opened), for reports that count; written by confirm_my_email only.';

revoke all on public.email_confirmations from anon, authenticated, service_role;
grant select on public.email_confirmations to authenticated;
grant select, insert, update, delete on public.email_confirmations to service_role;

alter table public.email_confirmations enable row level security;

create policy "People can see their own email confirmation"
  on public.email_confirmations for select to authenticated
  using (user_id = (select auth.uid()));

-- Whether the person's current email is proven: by an opened link, or by a Google identity with that address.
create function public.email_is_confirmed(person uuid)
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
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
$$;

comment on function public.email_is_confirmed(uuid) is
  'Whether the person proved they read their current email address (an opened link, or Google).';

revoke execute on function public.email_is_confirmed(uuid) from public, anon, authenticated;
grant execute on function public.email_is_confirmed(uuid) to service_role;

-- What the report screen asks before offering the form.
create function public.my_email_is_confirmed()
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select public.email_is_confirmed((select auth.uid()));
$$;

comment on function public.my_email_is_confirmed() is
  'Whether the caller''s email is confirmed, so their reports count towards hiding a listing.';

revoke execute on function public.my_email_is_confirmed() from public, anon;
grant execute on function public.my_email_is_confirmed() to authenticated, service_role;

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
create function public.confirm_my_email()
  returns boolean
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
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
$$;

comment on function public.confirm_my_email() is
  'Records the caller''s email as confirmed when their session comes from an emailed link opened in the last 15 minutes.';

revoke execute on function public.confirm_my_email() from public, anon, service_role;
grant execute on function public.confirm_my_email() to authenticated;

/**
 * ---------------------------------------------------------------------------
 * Where each report came from, and whether it counts
 * ---------------------------------------------------------------------------
 * One row per report, written by the trigger that decides holds. Kept apart
 * from listing_reports because reporters read their own reports: the address
 * and the verdict are for operators (service role) only.
 */

create table public.listing_report_origins (
  report_id uuid primary key references public.listing_reports (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  client_address text not null,
  counts boolean not null,
  -- Why a report does not count, in the operator's words; null when it counts.
  not_counted_because text,
  constraint listing_report_origins_reason_given check (counts = (not_counted_because is null))
);

comment on table public.listing_report_origins is
  'The client address of each listing report and whether it counts towards hiding the listing; service role only.';

-- Serves the same-address check and the cascade when a listing is deleted.
create index listing_report_origins_listing on public.listing_report_origins (listing_id, client_address);

revoke all on public.listing_report_origins from anon, authenticated, service_role;
grant select, insert, update, delete on public.listing_report_origins to service_role;

alter table public.listing_report_origins enable row level security;
-- No policies: API callers with a user's token read and write nothing here.

/**
 * ---------------------------------------------------------------------------
 * The hold: three counted open reports
 * ---------------------------------------------------------------------------
 * Replaces the trigger function of 20261125400100_listing-reports.sql, which
 * counted every open report.
 */

create or replace function public.hide_reported_listing()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
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
$$;

revoke execute on function public.hide_reported_listing() from public, anon, authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * The operator's queue
 * ---------------------------------------------------------------------------
 * Every listing with open reports or a hold, held ones first (oldest hold
 * first), then by counted and open reports. A held listing stays in the queue
 * even if its reporters' accounts were deleted since (their reports go with
 * them), so no hold is ever out of an operator's sight. Columns are only
 * added at the end, so queries written for the old view still work.
 */

create or replace view public.listing_reports_review
  with (security_invoker = true)
as
select
  l.id as listing_id,
  l.name as listing_name,
  l.user_ref as landlord_id,
  p.email as landlord_email,
  h.listing_id is not null as hidden_for_review,
  coalesce(pending.reports, 0)::int as open_reports,
  pending.first_reported_at,
  coalesce(pending.details, '[]'::jsonb) as reports,
  h.held_at,
  coalesce(pending.counted, 0)::int as counted_reports
from (
  -- Only the listings in the queue, so the view costs the queue's size, not the market's.
  select r.listing_id from public.listing_reports as r where r.reviewed_at is null
  union
  select held.listing_id from public.listing_review_holds as held
) as queued
join public.listings as l on l.id = queued.listing_id
left join public.listing_review_holds as h on h.listing_id = l.id
left join public.profiles as p on p.id = l.user_ref
left join lateral (
  select
    count(*) as reports,
    count(*) filter (where o.counts) as counted,
    min(r.created_at) as first_reported_at,
    jsonb_agg(
      jsonb_build_object(
        'reason', r.reason,
        'note', r.note,
        'reporter_id', r.reporter_id,
        'at', r.created_at,
        'client_address', o.client_address,
        'counts', coalesce(o.counts, false),
        'not_counted_because', o.not_counted_because
      )
      order by r.created_at
    ) as details
  from public.listing_reports as r
  left join public.listing_report_origins as o on o.report_id = r.id
  where r.listing_id = l.id and r.reviewed_at is null
) as pending on true
order by h.listing_id is not null desc, h.held_at, pending.counted desc, pending.reports desc, pending.first_reported_at;

comment on view public.listing_reports_review is
  'Listings held or with reports waiting for review, held first, with each report''s address and whether it counted; service role only.';

revoke all on public.listing_reports_review from public, anon, authenticated, service_role;
grant select on public.listing_reports_review to service_role;
