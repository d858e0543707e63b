/**
 * ---------------------------------------------------------------------------
 * Listing reports and the one rule of which listings are listed
 * ---------------------------------------------------------------------------
 * Anyone signed in may report a listing once (`Report this listing`): a reason
 * and a note. A reporter reads their own reports and nobody else's; no API
 * caller reads anyone else's, and the service role reviews them (the view
 * public.listing_reports_review and public.review_listing_reports, see the
 * README). A listing reported by 3 different people since its last review is
 * hidden from every list and search until an operator reviews it; its
 * landlord still sees it, marked, on Your Listings.
 *
 * Which listings are listed is defined once, in the listings' select policy,
 * so every list, search, map, slider and saved-homes read through the API
 * obeys it. A later rule (e.g. "on the market") belongs in that policy.
 */

/**
 * The listings hidden while reports wait for review: one row per listing, kept
 * by the triggers on listing_reports and public.review_listing_reports only.
 * Readable by everyone (it holds no more than which listings are hidden), as
 * the listings' select policy consults it for every caller.
 */
create table public.listing_review_holds (
  listing_id uuid primary key references public.listings (id) on delete cascade,
  landlord_id uuid not null references auth.users (id) on delete cascade,
  held_at timestamptz not null default now()
);

comment on table public.listing_review_holds is
  'Listings hidden from lists and search until an operator reviews their reports.';

create index listing_review_holds_landlord on public.listing_review_holds (landlord_id);

revoke all on public.listing_review_holds from anon, authenticated, service_role;
grant select on public.listing_review_holds to anon, authenticated;
grant select, insert, update, delete on public.listing_review_holds to service_role;

alter table public.listing_review_holds enable row level security;

create policy "Everyone can see which listings are held for review"
  on public.listing_review_holds for select to anon, authenticated
  using (true);

/*
 * The one rule of which listings are listed: not held for review. Its
 * landlord always sees their own. A later rule (e.g. "on the market") is added
 * to this policy's first condition.
 */
drop policy "Listings are visible to everyone" on public.listings;

create policy "Listed listings are visible to everyone, and landlords see their own"
  on public.listings for select to anon, authenticated
  using (
    not exists (select 1 from public.listing_review_holds as h where h.listing_id = listings.id)
    or user_ref = (select auth.uid())
  );

/**
 * ---------------------------------------------------------------------------
 * Reports
 * ---------------------------------------------------------------------------
 */

create table public.listing_reports (
  id uuid primary key default gen_random_uuid(),
  listing_id uuid not null references public.listings (id) on delete cascade,
  reporter_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  reason text not null,
  note text not null default '',
  created_at timestamptz not null default now(),
  -- Set when an operator has reviewed the listing; reviewed reports no longer count towards hiding it.
  reviewed_at timestamptz,
  constraint listing_reports_reason_valid
    check (reason in ('Scam or fraud', 'Wrong details', 'Already let or sold', 'Offensive', 'Other')),
  constraint listing_reports_note_length check (char_length(note) <= 1000),
  constraint listing_reports_one_per_person unique (listing_id, reporter_id)
);

comment on table public.listing_reports is
  'Reports of listings by signed-in people, one per person per listing; read by their reporter and the service role.';

create index listing_reports_open on public.listing_reports (listing_id) where reviewed_at is null;
create index listing_reports_reporter on public.listing_reports (reporter_id);

-- A report is the caller's, at the server's time, not yet reviewed, and never of their own listing.
create function public.stamp_listing_report()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if auth.uid() is not null then
    new.reporter_id := auth.uid();
  end if;
  new.created_at := now();
  new.reviewed_at := null;
  if exists (select 1 from public.listings as l where l.id = new.listing_id and l.user_ref = new.reporter_id) then
    raise exception 'You cannot report your own listing' using errcode = 'P0001';
  end if;
  return new;
end;
$$;

-- Three open reports from different people (one per person by the unique key) hide the listing.
create function public.hide_reported_listing()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if (
    select count(*) from public.listing_reports as r
    where r.listing_id = new.listing_id and r.reviewed_at is null
  ) >= 3 then
    insert into public.listing_review_holds (listing_id, landlord_id)
    select l.id, l.user_ref from public.listings as l where l.id = new.listing_id
    on conflict (listing_id) do nothing;
  end if;
  return null;
end;
$$;

revoke execute on function public.stamp_listing_report() from public, anon, authenticated, service_role;
revoke execute on function public.hide_reported_listing() from public, anon, authenticated, service_role;

create trigger listing_reports_stamp
  before insert on public.listing_reports
  for each row execute function public.stamp_listing_report();

create trigger listing_reports_hide
  after insert on public.listing_reports
  for each row execute function public.hide_reported_listing();

revoke all on public.listing_reports from anon, authenticated, service_role;
grant select, insert on public.listing_reports to authenticated;
grant select, insert, update, delete on public.listing_reports to service_role;

alter table public.listing_reports enable row level security;

create policy "Reporters can view their own reports"
  on public.listing_reports for select to authenticated
  using (reporter_id = (select auth.uid()));

create policy "Signed-in people can report listings in their own name"
  on public.listing_reports for insert to authenticated
  with check (reporter_id = (select auth.uid()));

/**
 * ---------------------------------------------------------------------------
 * The operator's review (service role only)
 * ---------------------------------------------------------------------------
 * `select * from public.listing_reports_review` lists every listing with open
 * reports, hidden ones first; `select public.review_listing_reports(id)`
 * marks its reports reviewed and lists it again. To take a listing down
 * instead, remove its photos through the Storage API and delete its row.
 */

create view public.listing_reports_review
  with (security_invoker = true)
as
select
  l.id as listing_id,
  l.name as listing_name,
  l.user_ref as landlord_id,
  p.email as landlord_email,
  h.listing_id is not null as hidden_for_review,
  count(r.id)::int as open_reports,
  min(r.created_at) as first_reported_at,
  jsonb_agg(
    jsonb_build_object('reason', r.reason, 'note', r.note, 'reporter_id', r.reporter_id, 'at', r.created_at)
    order by r.created_at
  ) as reports
from public.listing_reports as r
join public.listings as l on l.id = r.listing_id
left join public.profiles as p on p.id = l.user_ref
left join public.listing_review_holds as h on h.listing_id = l.id
where r.reviewed_at is null
group by l.id, p.email, h.listing_id
order by h.listing_id is not null desc, count(r.id) desc, min(r.created_at);

comment on view public.listing_reports_review is
  'Listings with reports waiting for review, with the reports; for operators with the service role.';

revoke all on public.listing_reports_review from public, anon, authenticated, service_role;
grant select on public.listing_reports_review to service_role;

create function public.review_listing_reports(listing_id uuid)
  returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  reviewed integer;
begin
  update public.listing_reports as r
  set reviewed_at = now()
  where r.listing_id = review_listing_reports.listing_id and r.reviewed_at is null;
  get diagnostics reviewed = row_count;
  delete from public.listing_review_holds as h where h.listing_id = review_listing_reports.listing_id;
  return reviewed;
end;
$$;

comment on function public.review_listing_reports(uuid) is
  'Marks the listing''s open reports reviewed and lists it again; returns how many were reviewed.';

revoke execute on function public.review_listing_reports(uuid) from public, anon, authenticated;
grant execute on function public.review_listing_reports(uuid) to service_role;
