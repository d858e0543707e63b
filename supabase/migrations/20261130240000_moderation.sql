/**
 * ---------------------------------------------------------------------------
 * Moderation: a console, an audit trail, and the health of every queue
 * ---------------------------------------------------------------------------
 * - Moderators are accounts whose Auth `app_metadata` says
 *   `{"roles": ["moderator"]}`. Postgres reads it from the caller's token and
 *   from auth.users (so a removed role ends at once, not at the token's
 *   expiry): public.is_moderator(). Nothing here trusts the client.
 * - The queue (public.moderation_cases): one open case per listing with open
 *   reports, hidden ones first, and the landlords' appeals. A page of it is a
 *   keyset read on one partial index (public.moderation_queue).
 * - Decisions are one function each (keep listed, take down, ask the landlord
 *   to fix). Each locks its case, refuses one already decided
 *   (`Already decided by another moderator`), and in the same transaction
 *   closes the reports, sets or lifts the listing's hold, writes the decision,
 *   its audit row and the notices to the reporters and the landlord.
 * - The landlord may ask for a review once per decision, within 30 days; the
 *   appeal is decided by another moderator and its decision is final.
 * - public.moderation_audit is append-only: no role may update or delete a row
 *   (no grants, and a trigger refusing it for the owner too).
 * - Health: public.function_runs records each scheduled function's runs, and
 *   public.queue_health() reads every queue and schedule, for moderators and
 *   for a monitoring system with the service role.
 */

/**
 * ---------------------------------------------------------------------------
 * The moderator role
 * ---------------------------------------------------------------------------
 */

create function public.is_moderator()
  returns boolean
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select coalesce(auth.jwt() -> 'app_metadata' -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb
    and exists (
      select 1 from auth.users as u
      where u.id = (select auth.uid())
        and coalesce(u.raw_app_meta_data -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb
    );
$$;

comment on function public.is_moderator() is
  'Whether the caller is a moderator: app_metadata.roles holds "moderator" in their token and in Auth now.';

revoke execute on function public.is_moderator() from public, anon;
grant execute on function public.is_moderator() to authenticated, service_role;

-- The moderator check every moderation function starts with.
create function public.require_moderator()
  returns uuid
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  if not public.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501';
  end if;
  return (select auth.uid());
end;
$$;

revoke execute on function public.require_moderator() from public, anon, authenticated, service_role;

/**
 * ---------------------------------------------------------------------------
 * Holds say why a listing is hidden
 * ---------------------------------------------------------------------------
 * reports: three counted reports wait for review; taken-down: a moderator
 * took it off the market for good; fix-requested: hidden until its landlord
 * edits it. The listings' select policy hides every held listing alike.
 */

alter table public.listing_review_holds
  add column kind text not null default 'reports',
  add constraint listing_review_holds_kind_valid check (kind in ('reports', 'taken-down', 'fix-requested'));

/**
 * ---------------------------------------------------------------------------
 * Cases, decisions
 * ---------------------------------------------------------------------------
 */

create table public.moderation_cases (
  id bigint generated always as identity primary key,
  listing_id uuid not null references public.listings (id) on delete cascade,
  opened_at timestamptz not null default now(),
  -- 0 while the listing is hidden (they come first in the queue), 1 while it is listed.
  priority smallint not null default 1,
  -- An appeal: the decision the landlord asked to review, and their note.
  appeal_of bigint,
  appeal_note text,
  closed_at timestamptz,
  constraint moderation_cases_priority_valid check (priority in (0, 1)),
  constraint moderation_cases_appeal_note_length check (char_length(appeal_note) <= 1000)
);

comment on table public.moderation_cases is
  'The moderation queue: one open case per listing with open reports or an appeal; read through moderation_queue.';

create unique index moderation_cases_one_open on public.moderation_cases (listing_id) where closed_at is null;
-- A decision is appealed once.
create unique index moderation_cases_one_appeal on public.moderation_cases (appeal_of);
-- The queue's order, for its keyset pages: hidden first, then oldest first.
create index moderation_cases_queue on public.moderation_cases (priority, opened_at, id) where closed_at is null;
create index moderation_cases_listing on public.moderation_cases (listing_id);

create table public.moderation_decisions (
  id bigint generated always as identity primary key,
  case_id bigint not null references public.moderation_cases (id) on delete cascade,
  listing_id uuid not null references public.listings (id) on delete cascade,
  listing_name text not null,
  landlord_id uuid not null references auth.users (id) on delete cascade,
  moderator_id uuid references auth.users (id) on delete set null,
  decision text not null,
  reason text not null default '',
  note text not null default '',
  -- A decision on an appeal is final: it cannot be appealed.
  on_appeal boolean not null default false,
  decided_at timestamptz not null default now(),
  constraint moderation_decisions_decision_valid check (decision in ('keep-listed', 'take-down', 'ask-to-fix')),
  constraint moderation_decisions_note_length check (char_length(note) <= 1000)
);

comment on table public.moderation_decisions is
  'What moderators decided about listings; read through moderation functions, never directly.';

create index moderation_decisions_landlord on public.moderation_decisions (landlord_id, decided_at desc);
create index moderation_decisions_listing on public.moderation_decisions (listing_id);
create index moderation_decisions_case on public.moderation_decisions (case_id);
create index moderation_decisions_moderator on public.moderation_decisions (moderator_id);

alter table public.moderation_cases
  add constraint moderation_cases_appeal_of_fkey
  foreign key (appeal_of) references public.moderation_decisions (id) on delete cascade;

-- Written and read only through the functions below (security definer).
revoke all on public.moderation_cases from anon, authenticated, service_role;
revoke all on public.moderation_decisions from anon, authenticated, service_role;
-- Older projects grant new sequences to the API roles by default: these are nobody's but their owner's.
revoke all on sequence public.moderation_cases_id_seq, public.moderation_decisions_id_seq
  from anon, authenticated, service_role;
grant select on public.moderation_cases, public.moderation_decisions to service_role;
alter table public.moderation_cases enable row level security;
alter table public.moderation_decisions enable row level security;

/**
 * ---------------------------------------------------------------------------
 * The audit trail (append-only)
 * ---------------------------------------------------------------------------
 * Every decision, appeal and role change: who, when, on what, and why. No
 * role may write it through the API (no grants); the moderation functions
 * write it as its owner, and the trigger refuses any update or delete, the
 * owner's included.
 */

create table public.moderation_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- Who acted; null for the service role (the Auth admin API, the SQL editor). No foreign key: kept after they go.
  actor_id uuid,
  actor_email text,
  action text not null,
  listing_id uuid,
  listing_name text,
  -- The account whose role changed.
  subject_id uuid,
  subject_email text,
  reason text not null default '',
  note text not null default '',
  constraint moderation_audit_action_valid check (
    action in ('keep-listed', 'take-down', 'ask-to-fix', 'appeal', 'role-granted', 'role-removed')
  )
);

comment on table public.moderation_audit is
  'Append-only record of every moderation decision, appeal and moderator role change; moderators read it.';

revoke all on public.moderation_audit from anon, authenticated, service_role;
revoke all on sequence public.moderation_audit_id_seq from anon, authenticated, service_role;
-- Moderators read it through moderation_audit_page (below); other signed-in callers are refused outright.
grant select on public.moderation_audit to service_role;

alter table public.moderation_audit enable row level security;

create policy "The service role can read the audit trail"
  on public.moderation_audit for select to service_role
  using (true);

create function public.refuse_audit_change()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  raise exception 'The audit trail cannot be changed' using errcode = '42501';
end;
$$;

revoke execute on function public.refuse_audit_change() from public, anon, authenticated, service_role;

create trigger moderation_audit_append_only
  before update or delete on public.moderation_audit
  for each row execute function public.refuse_audit_change();

create trigger moderation_audit_no_truncate
  before truncate on public.moderation_audit
  for each statement execute function public.refuse_audit_change();

-- Role changes, whoever makes them (the Auth admin API, the dashboard), are audited by a trigger on auth.users.
create function public.audit_moderator_role()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  was boolean := tg_op = 'UPDATE'
    and coalesce(old.raw_app_meta_data -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb;
  now_is boolean := coalesce(new.raw_app_meta_data -> 'roles', '[]'::jsonb) @> '["moderator"]'::jsonb;
  actor uuid := (select auth.uid());
begin
  if was is distinct from now_is then
    insert into public.moderation_audit (actor_id, actor_email, action, subject_id, subject_email)
    values (
      actor,
      (select u.email from auth.users as u where u.id = actor),
      case when now_is then 'role-granted' else 'role-removed' end,
      new.id,
      new.email
    );
  end if;
  return null;
end;
$$;

revoke execute on function public.audit_moderator_role() from public, anon, authenticated, service_role;

create trigger on_auth_user_moderator_role
  after insert or update of raw_app_meta_data on auth.users
  for each row execute function public.audit_moderator_role();

/**
 * ---------------------------------------------------------------------------
 * Notices: what Roost tells people about decisions (shown in Messages)
 * ---------------------------------------------------------------------------
 */

create table public.moderation_notices (
  id bigint generated always as identity primary key,
  person_id uuid not null references auth.users (id) on delete cascade,
  decision_id bigint references public.moderation_decisions (id) on delete set null,
  body text not null,
  created_at timestamptz not null default now()
);

comment on table public.moderation_notices is
  'Messages from Roost about moderation decisions, to reporters and landlords; each person reads their own.';

create index moderation_notices_person on public.moderation_notices (person_id, created_at desc);
create index moderation_notices_decision on public.moderation_notices (decision_id);

revoke all on public.moderation_notices from anon, authenticated, service_role;
revoke all on sequence public.moderation_notices_id_seq from anon, authenticated, service_role;
grant select on public.moderation_notices to authenticated, service_role;

alter table public.moderation_notices enable row level security;

create policy "People can read their own notices"
  on public.moderation_notices for select to authenticated
  using (person_id = (select auth.uid()));

/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */

create function public.open_moderation_case()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.moderation_cases (listing_id, priority)
  values (
    new.listing_id,
    case when exists (select 1 from public.listing_review_holds as h where h.listing_id = new.listing_id) then 0 else 1 end
  )
  on conflict (listing_id) where closed_at is null do nothing;
  return null;
end;
$$;

create function public.prioritise_moderation_case()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update public.moderation_cases as c
  set priority = case when tg_op = 'DELETE' then 1 else 0 end
  where c.listing_id = case when tg_op = 'DELETE' then old.listing_id else new.listing_id end
    and c.closed_at is null;
  return null;
end;
$$;

-- A landlord's edit lifts the hold of a listing they were asked to fix.
create function public.lift_fix_hold()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if (select auth.uid()) = new.user_ref then
    delete from public.listing_review_holds as h where h.listing_id = new.id and h.kind = 'fix-requested';
  end if;
  return null;
end;
$$;

revoke execute on function public.open_moderation_case() from public, anon, authenticated, service_role;
revoke execute on function public.prioritise_moderation_case() from public, anon, authenticated, service_role;
revoke execute on function public.lift_fix_hold() from public, anon, authenticated, service_role;

create trigger listing_reports_open_case
  after insert on public.listing_reports
  for each row execute function public.open_moderation_case();

create trigger listing_review_holds_prioritise
  after insert or delete on public.listing_review_holds
  for each row execute function public.prioritise_moderation_case();

create trigger listings_lift_fix_hold
  after update on public.listings
  for each row execute function public.lift_fix_hold();

-- The queue as it stands: a case for every listing with open reports or a hold waiting for review.
insert into public.moderation_cases (listing_id, priority, opened_at)
select q.listing_id, case when bool_or(q.held) then 0 else 1 end, min(q.since)
from (
  select r.listing_id, false as held, r.created_at as since from public.listing_reports as r where r.reviewed_at is null
  union all
  select h.listing_id, true, h.held_at from public.listing_review_holds as h where h.kind = 'reports'
) as q
group by q.listing_id;

/**
 * ---------------------------------------------------------------------------
 * Decisions: one function each, one transaction each
 * ---------------------------------------------------------------------------
 * moderation_decide is their common body (not callable through the API).
 * The case's row lock orders two moderators deciding at once: the second
 * finds it closed and is told so, and nothing changes.
 */

create function public.moderation_decide(case_id bigint, decision text, reason text, note text)
  returns public.moderation_decisions
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  moderator uuid := public.require_moderator();
  decided_case public.moderation_cases;
  listing public.listings;
  appealed public.moderation_decisions;
  made public.moderation_decisions;
  reporter uuid;
  outcome text;
begin
  if char_length(coalesce(note, '')) > 1000 then
    raise exception 'A note can be at most 1000 characters' using errcode = '22023';
  end if;

  select * into decided_case from public.moderation_cases as c where c.id = moderation_decide.case_id for update;
  if not found then
    raise exception 'This case does not exist' using errcode = 'PT404';
  end if;
  if decided_case.closed_at is not null then
    raise exception 'Already decided by another moderator' using errcode = 'PT409';
  end if;

  if decided_case.appeal_of is not null then
    select * into appealed from public.moderation_decisions as d where d.id = decided_case.appeal_of;
    if appealed.moderator_id = moderator then
      raise exception 'Another moderator decides the appeal of your own decision' using errcode = '42501';
    end if;
  end if;

  select * into listing from public.listings as l where l.id = decided_case.listing_id for update;

  insert into public.moderation_decisions
    (case_id, listing_id, listing_name, landlord_id, moderator_id, decision, reason, note, on_appeal)
  values (
    decided_case.id, listing.id, listing.name, listing.user_ref, moderator, moderation_decide.decision,
    coalesce(moderation_decide.reason, ''), coalesce(moderation_decide.note, ''), decided_case.appeal_of is not null
  )
  returning * into made;

  update public.moderation_cases as c set closed_at = now() where c.id = decided_case.id;

  -- The listing's hold: lifted, or set to what was decided.
  if moderation_decide.decision = 'keep-listed' then
    delete from public.listing_review_holds as h where h.listing_id = listing.id;
  else
    insert into public.listing_review_holds (listing_id, landlord_id, held_at, kind)
    values (listing.id, listing.user_ref, now(), case moderation_decide.decision when 'take-down' then 'taken-down' else 'fix-requested' end)
    on conflict (listing_id) do update set kind = excluded.kind, held_at = excluded.held_at;
  end if;

  insert into public.moderation_audit (actor_id, actor_email, action, listing_id, listing_name, reason, note)
  values (
    moderator,
    (select u.email from auth.users as u where u.id = moderator),
    moderation_decide.decision,
    listing.id,
    listing.name,
    coalesce(moderation_decide.reason, ''),
    coalesce(moderation_decide.note, '')
  );

  -- Each reporter whose report this closes hears the outcome.
  outcome := case moderation_decide.decision
    when 'take-down' then 'it was taken down.'
    when 'ask-to-fix' then 'we asked the landlord to fix it.'
    else 'it stays listed.'
  end;
  for reporter in
    update public.listing_reports as r set reviewed_at = now()
    where r.listing_id = listing.id and r.reviewed_at is null
    returning r.reporter_id
  loop
    insert into public.moderation_notices (person_id, decision_id, body)
    values (reporter, made.id, format('We reviewed your report about "%s": %s', listing.name, outcome));
  end loop;

  -- The landlord hears what was decided, and why.
  insert into public.moderation_notices (person_id, decision_id, body)
  values (
    listing.user_ref,
    made.id,
    case moderation_decide.decision
      when 'take-down' then format('Your listing "%s" was taken down: %s.', listing.name, made.reason)
      when 'ask-to-fix' then format('Your listing "%s" is hidden until you edit it. What to fix: %s', listing.name, made.note)
      else format('We reviewed your listing "%s": it stays listed.', listing.name)
    end
      || case when moderation_decide.decision = 'take-down' and made.note <> '' then ' ' || made.note else '' end
  );

  return made;
end;
$$;

revoke execute on function public.moderation_decide(bigint, text, text, text) from public, anon, authenticated, service_role;

-- `Keep listed`: the reports are closed and the listing shows again.
create function public.moderation_keep_listed(case_id bigint, note text default '')
  returns bigint
  language sql
  volatile
  security definer
  set search_path = ''
as $$
  select (public.moderation_decide(case_id, 'keep-listed', '', note)).id;
$$;

comment on function public.moderation_keep_listed(bigint, text) is
  'Moderators: closes the case and its reports and lists the listing again; returns the decision id.';

/*
 * `Take down`: off the market for good (a hold no edit lifts), with a reason
 * from the list. Returns the listing's photo folder in listing-images, which
 * the moderate-listing Edge Function then empties through the Storage API.
 */
create function public.moderation_take_down(case_id bigint, reason text, note text default '')
  returns jsonb
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  made public.moderation_decisions;
begin
  perform public.require_moderator();
  if reason is null or reason not in (
    'Scam or fraud', 'Misleading details', 'Offensive content', 'Already let or sold', 'Duplicate listing', 'Against the rules'
  ) then
    raise exception 'Choose a reason from the list' using errcode = '22023';
  end if;
  made := public.moderation_decide(case_id, 'take-down', reason, note);
  return jsonb_build_object(
    'decision_id', made.id,
    'listing_id', made.listing_id,
    'photo_folder', made.landlord_id::text || '/' || made.listing_id::text
  );
end;
$$;

comment on function public.moderation_take_down(bigint, text, text) is
  'Moderators: takes the listing off the market for good; returns its photo folder for the Edge Function to remove.';

/*
 * The photo folder of a case decided as a take-down, for the Edge Function to empty again when removing the
 * photos failed after the decision (the decision stands; the photos must still go). Moderators only.
 */
create function public.moderation_take_down_photo_folder(case_id bigint)
  returns text
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  folder text;
begin
  perform public.require_moderator();
  select d.landlord_id::text || '/' || d.listing_id::text into folder
  from public.moderation_decisions as d
  where d.case_id = moderation_take_down_photo_folder.case_id and d.decision = 'take-down';
  if folder is null then
    raise exception 'This case was not decided as a take-down' using errcode = 'PT404';
  end if;
  return folder;
end;
$$;

revoke execute on function public.moderation_take_down_photo_folder(bigint) from public, anon, service_role;
grant execute on function public.moderation_take_down_photo_folder(bigint) to authenticated;

-- `Ask the landlord to fix`: hidden until the landlord edits it, with what to fix.
create function public.moderation_ask_to_fix(case_id bigint, what_to_fix text)
  returns bigint
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
begin
  perform public.require_moderator();
  if coalesce(public.visible_text(what_to_fix), '') = '' then
    raise exception 'Say what the landlord should fix' using errcode = '22023';
  end if;
  return (public.moderation_decide(case_id, 'ask-to-fix', '', what_to_fix)).id;
end;
$$;

comment on function public.moderation_ask_to_fix(bigint, text) is
  'Moderators: hides the listing until its landlord edits it, telling them what to fix; returns the decision id.';

revoke execute on function public.moderation_keep_listed(bigint, text) from public, anon, service_role;
revoke execute on function public.moderation_take_down(bigint, text, text) from public, anon, service_role;
revoke execute on function public.moderation_ask_to_fix(bigint, text) from public, anon, service_role;
grant execute on function public.moderation_keep_listed(bigint, text) to authenticated;
grant execute on function public.moderation_take_down(bigint, text, text) to authenticated;
grant execute on function public.moderation_ask_to_fix(bigint, text) to authenticated;

/**
 * ---------------------------------------------------------------------------
 * Appeals
 * ---------------------------------------------------------------------------
 * `Ask for a review`: the landlord, once per decision that hid their listing,
 * within 30 days, never of a decision on an appeal. The case goes back in the
 * queue, marked as an appeal, hidden ones first.
 */

create function public.moderation_appeal(decision_id bigint, note text default '')
  returns bigint
  language plpgsql
  volatile
  security definer
  set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  appealed public.moderation_decisions;
  opened bigint;
begin
  select * into appealed from public.moderation_decisions as d where d.id = moderation_appeal.decision_id for update;
  if not found or appealed.landlord_id is distinct from caller then
    raise exception 'Only the landlord can ask for a review of this decision' using errcode = '42501';
  end if;
  if char_length(coalesce(note, '')) > 1000 then
    raise exception 'A note can be at most 1000 characters' using errcode = '22023';
  end if;
  if appealed.on_appeal then
    raise exception 'This decision was made on a review and is final' using errcode = 'P0001';
  end if;
  if appealed.decision = 'keep-listed' then
    raise exception 'Your listing stayed listed: there is nothing to review' using errcode = 'P0001';
  end if;
  if appealed.decided_at < now() - interval '30 days' then
    raise exception 'A review can be asked for within 30 days of a decision' using errcode = 'P0001';
  end if;
  if exists (select 1 from public.moderation_cases as c where c.appeal_of = appealed.id) then
    raise exception 'You already asked for a review of this decision' using errcode = 'P0001';
  end if;

  insert into public.moderation_cases (listing_id, priority, appeal_of, appeal_note)
  values (
    appealed.listing_id,
    case when exists (select 1 from public.listing_review_holds as h where h.listing_id = appealed.listing_id) then 0 else 1 end,
    appealed.id,
    coalesce(note, '')
  )
  on conflict (listing_id) where closed_at is null
  do update set appeal_of = excluded.appeal_of, appeal_note = excluded.appeal_note, priority = excluded.priority
  returning id into opened;

  insert into public.moderation_audit (actor_id, actor_email, action, listing_id, listing_name, reason, note)
  values (
    caller,
    (select u.email from auth.users as u where u.id = caller),
    'appeal',
    appealed.listing_id,
    appealed.listing_name,
    'Review of: ' || appealed.decision,
    coalesce(note, '')
  );
  return opened;
end;
$$;

comment on function public.moderation_appeal(bigint, text) is
  'The landlord asks for a review of a decision (once, within 30 days, not of an appeal''s decision).';

revoke execute on function public.moderation_appeal(bigint, text) from public, anon, service_role;
grant execute on function public.moderation_appeal(bigint, text) to authenticated;

-- The landlord's decisions, for Your Listings: what was decided, why, and whether a review can be asked for.
create function public.my_moderation_decisions()
  returns table (
    decision_id bigint,
    listing_id uuid,
    listing_name text,
    decision text,
    reason text,
    note text,
    decided_at timestamptz,
    on_appeal boolean,
    review text,
    can_ask_for_review boolean
  )
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select
    d.id, d.listing_id, d.listing_name, d.decision, d.reason, d.note, d.decided_at, d.on_appeal,
    case when c.id is null then null when c.closed_at is null then 'waiting' else 'decided' end,
    c.id is null and not d.on_appeal and d.decision <> 'keep-listed' and d.decided_at >= now() - interval '30 days'
  from public.moderation_decisions as d
  left join public.moderation_cases as c on c.appeal_of = d.id
  where d.landlord_id = (select auth.uid())
  order by d.decided_at desc
  limit 100;
$$;

revoke execute on function public.my_moderation_decisions() from public, anon, service_role;
grant execute on function public.my_moderation_decisions() to authenticated;

/**
 * ---------------------------------------------------------------------------
 * The queue, a page at a time
 * ---------------------------------------------------------------------------
 * Keyset on moderation_cases_queue (priority, opened_at, id): pass the last
 * row's three values for the next page. Each row carries what a decision
 * needs: the listing and its photos, its open reports (reason, note, whether
 * it counted), the appeal, the landlord's other listings and past decisions.
 */

create function public.moderation_queue(
  after_priority smallint default null,
  after_opened_at timestamptz default null,
  after_id bigint default null,
  page_size integer default 20
)
  returns table (
    case_id bigint,
    priority smallint,
    opened_at timestamptz,
    listing_id uuid,
    listing_name text,
    listing_type text,
    listing_location text,
    image_urls text[],
    hidden boolean,
    landlord_id uuid,
    landlord_email text,
    appeal jsonb,
    reports jsonb,
    other_listings jsonb,
    past_decisions jsonb
  )
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  moderator uuid := public.require_moderator();
begin
  return query
  with page as (
    select c.*
    from public.moderation_cases as c
    where c.closed_at is null
      and (after_id is null or (c.priority, c.opened_at, c.id) > (after_priority, after_opened_at, after_id))
    order by c.priority, c.opened_at, c.id
    limit least(greatest(coalesce(page_size, 20), 1), 100)
  )
  select
    page.id,
    page.priority,
    page.opened_at,
    l.id,
    l.name,
    l.type,
    l.location,
    l.image_urls,
    h.listing_id is not null,
    l.user_ref,
    p.email,
    case when page.appeal_of is null then null else (
      select jsonb_build_object(
        'decision_id', d.id, 'decision', d.decision, 'reason', d.reason, 'note', d.note,
        'decided_at', d.decided_at, 'moderator_email', m.email, 'appeal_note', page.appeal_note,
        'can_decide', d.moderator_id is distinct from moderator
      )
      from public.moderation_decisions as d
      left join auth.users as m on m.id = d.moderator_id
      where d.id = page.appeal_of
    ) end,
    coalesce((
      select jsonb_agg(
        jsonb_build_object(
          'reason', r.reason, 'note', r.note, 'at', r.created_at,
          'counts', coalesce(o.counts, false), 'not_counted_because', o.not_counted_because
        ) order by r.created_at
      )
      from public.listing_reports as r
      left join public.listing_report_origins as o on o.report_id = r.id
      where r.listing_id = l.id and r.reviewed_at is null
    ), '[]'::jsonb),
    coalesce((
      select jsonb_agg(jsonb_build_object('id', x.id, 'name', x.name))
      from (
        select o.id, o.name from public.listings as o
        where o.user_ref = l.user_ref and o.id <> l.id
        order by o.created_at desc
        limit 10
      ) as x
    ), '[]'::jsonb),
    coalesce((
      select jsonb_agg(jsonb_build_object(
        'listing_name', x.listing_name, 'decision', x.decision, 'reason', x.reason, 'decided_at', x.decided_at
      ))
      from (
        select d.listing_name, d.decision, d.reason, d.decided_at from public.moderation_decisions as d
        where d.landlord_id = l.user_ref
        order by d.decided_at desc
        limit 10
      ) as x
    ), '[]'::jsonb)
  from page
  join public.listings as l on l.id = page.listing_id
  left join public.listing_review_holds as h on h.listing_id = l.id
  left join public.profiles as p on p.id = l.user_ref
  order by page.priority, page.opened_at, page.id;
end;
$$;

comment on function public.moderation_queue(smallint, timestamptz, bigint, integer) is
  'Moderators: a page of open cases, hidden listings and appeals first; keyset on (priority, opened_at, id).';

revoke execute on function public.moderation_queue(smallint, timestamptz, bigint, integer) from public, anon, service_role;
grant execute on function public.moderation_queue(smallint, timestamptz, bigint, integer) to authenticated;

-- Moderators: the audit trail, newest first, a page at a time (keyset on id: pass the last row's id).
create function public.moderation_audit_page(before_id bigint default null, page_size integer default 50)
  returns setof public.moderation_audit
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
begin
  perform public.require_moderator();
  return query
  select a.* from public.moderation_audit as a
  where before_id is null or a.id < before_id
  order by a.id desc
  limit least(greatest(coalesce(page_size, 50), 1), 200);
end;
$$;

revoke execute on function public.moderation_audit_page(bigint, integer) from public, anon, service_role;
grant execute on function public.moderation_audit_page(bigint, integer) to authenticated;

/**
 * ---------------------------------------------------------------------------
 * Scheduled functions' runs
 * ---------------------------------------------------------------------------
 * The senders record each run at its end (supabase/functions/_shared/
 * function-runs.ts); function_schedules mirrors supabase/functions/
 * schedules.json with each schedule's period, so a schedule that never ran
 * shows too.
 */

create table public.function_schedules (
  schedule text primary key,
  period_seconds integer not null check (period_seconds > 0)
);

comment on table public.function_schedules is
  'The scheduled functions (supabase/functions/schedules.json) and how often each should run.';

insert into public.function_schedules (schedule, period_seconds) values
  ('send-alerts-instant', 60),
  ('send-alerts-daily', 60),
  ('send-emails', 60);

create table public.function_runs (
  id bigint generated always as identity primary key,
  schedule text not null,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  outcome text not null,
  detail text not null default '',
  constraint function_runs_outcome_valid check (outcome in ('ok', 'failed'))
);

comment on table public.function_runs is
  'One row per run of a scheduled function, written at its end; the last week is kept.';

create index function_runs_latest on public.function_runs (schedule, finished_at desc);

revoke all on public.function_schedules from anon, authenticated, service_role;
revoke all on public.function_runs from anon, authenticated, service_role;
revoke all on sequence public.function_runs_id_seq from anon, authenticated, service_role;
grant select on public.function_schedules, public.function_runs to service_role;
alter table public.function_schedules enable row level security;
alter table public.function_runs enable row level security;

create policy "The service role reads the schedules"
  on public.function_schedules for select to service_role using (true);
create policy "The service role reads the runs"
  on public.function_runs for select to service_role using (true);

create function public.record_function_run(schedule text, started_at timestamptz, outcome text, detail text default '')
  returns void
  language sql
  volatile
  security definer
  set search_path = ''
as $$
  delete from public.function_runs as r
  where r.schedule = record_function_run.schedule and r.finished_at < now() - interval '7 days';
  insert into public.function_runs (schedule, started_at, outcome, detail)
  values (record_function_run.schedule, record_function_run.started_at, record_function_run.outcome, left(coalesce(record_function_run.detail, ''), 2000));
$$;

revoke execute on function public.record_function_run(text, timestamptz, text, text) from public, anon, authenticated;
grant execute on function public.record_function_run(text, timestamptz, text, text) to service_role;

/**
 * ---------------------------------------------------------------------------
 * queue_health(): every queue and schedule at a glance
 * ---------------------------------------------------------------------------
 * Per queue: how many wait, the oldest's age, what failed in the last 24
 * hours and why (given-up items included). Per schedule: the last run and how
 * it ended. Red: a queue whose oldest item waits over 10 minutes (daily
 * alerts wait for their hour by design, so alert_deliveries counts instant
 * ones), or a schedule not run for 3 of its periods. For moderators (the
 * Health screen) and the service role (a monitoring system, through
 * POST /rest/v1/rpc/queue_health).
 */

create function public.queue_health()
  returns jsonb
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  queues jsonb;
  schedules jsonb;
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' and not public.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501';
  end if;

  with items as (
    select 'alert_deliveries' as queue, q.created_at,
      q.sent_at is null and q.gave_up_at is null as waiting,
      q.sent_at is null and q.gave_up_at is null and q.kind = 'instant' as timed,
      q.last_error, q.gave_up_at as gave_up_at,
      coalesce(q.gave_up_at, q.sent_at, q.next_attempt_at) as settled_at
    from public.alert_deliveries as q
    where (q.sent_at is null and q.gave_up_at is null) or q.last_error is not null
    union all
    select 'message_pushes', q.created_at, q.sent_at is null and q.gave_up_at is null,
      q.sent_at is null and q.gave_up_at is null, q.last_error, q.gave_up_at,
      coalesce(q.gave_up_at, q.sent_at, q.next_attempt_at)
    from public.message_pushes as q
    where (q.sent_at is null and q.gave_up_at is null) or q.last_error is not null
    union all
    select 'saved_home_pushes', q.created_at, q.sent_at is null and q.gave_up_at is null,
      q.sent_at is null and q.gave_up_at is null, q.last_error, q.gave_up_at,
      coalesce(q.gave_up_at, q.sent_at, q.next_attempt_at)
    from public.saved_home_pushes as q
    where (q.sent_at is null and q.gave_up_at is null) or q.last_error is not null
    union all
    select 'message_emails', q.created_at, q.sent_at is null, q.sent_at is null, q.last_error,
      case when q.outcome = 'gave-up' then q.sent_at end,
      coalesce(q.sent_at, q.next_attempt_at)
    from public.message_emails as q
    where q.sent_at is null or q.last_error is not null
  ),
  -- A failure of the last 24 hours: an item with an error whose last try (or giving up) falls in them.
  failures as (
    select i.queue, i.last_error, count(*) as items, count(i.gave_up_at) as gave_up
    from items as i
    where i.last_error is not null and i.settled_at >= now() - interval '24 hours'
    group by i.queue, i.last_error
  ),
  figures as (
    select
      names.queue,
      (select count(*) from items as i where i.queue = names.queue and i.waiting) as waiting,
      (select extract(epoch from now() - min(i.created_at))::bigint from items as i where i.queue = names.queue and i.timed)
        as oldest_seconds,
      coalesce((select sum(f.items) from failures as f where f.queue = names.queue), 0)::bigint as failed_24h,
      coalesce((select sum(f.gave_up) from failures as f where f.queue = names.queue), 0)::bigint as gave_up_24h,
      coalesce((
        select jsonb_agg(jsonb_build_object('error', f.last_error, 'items', f.items, 'gave_up', f.gave_up)
          order by f.items desc, f.last_error)
        from failures as f where f.queue = names.queue
      ), '[]'::jsonb) as errors
    from (values (1, 'alert_deliveries'), (2, 'message_pushes'), (3, 'saved_home_pushes'), (4, 'message_emails'))
      as names (position, queue)
    order by names.position
  )
  select jsonb_agg(jsonb_build_object(
    'queue', f.queue,
    'waiting', f.waiting,
    'oldest_seconds', f.oldest_seconds,
    'failed_24h', f.failed_24h,
    'gave_up_24h', f.gave_up_24h,
    'errors', f.errors,
    'red', coalesce(f.oldest_seconds > 600, false)
  ))
  into queues
  from figures as f;

  select jsonb_agg(jsonb_build_object(
    'schedule', s.schedule,
    'period_seconds', s.period_seconds,
    'last_started_at', last.started_at,
    'last_finished_at', last.finished_at,
    'last_outcome', last.outcome,
    'last_detail', last.detail,
    'failed_24h', (
      select count(*) from public.function_runs as r
      where r.schedule = s.schedule and r.outcome = 'failed' and r.finished_at >= now() - interval '24 hours'
    ),
    'red', last.finished_at is null or last.finished_at < now() - 3 * s.period_seconds * interval '1 second'
  ) order by s.schedule)
  into schedules
  from public.function_schedules as s
  left join lateral (
    select r.started_at, r.finished_at, r.outcome, r.detail
    from public.function_runs as r
    where r.schedule = s.schedule
    order by r.finished_at desc
    limit 1
  ) as last on true;

  return jsonb_build_object(
    'checked_at', now(),
    'healthy', not (
      exists (select 1 from jsonb_array_elements(queues) as q where (q ->> 'red')::boolean)
      or exists (select 1 from jsonb_array_elements(schedules) as s where (s ->> 'red')::boolean)
    ),
    'queues', queues,
    'schedules', schedules
  );
end;
$$;

comment on function public.queue_health() is
  'Each queue''s waiting items, oldest age and last-24-hour failures, and each schedule''s last run; red flags. Moderators and the service role.';

revoke execute on function public.queue_health() from public, anon;
grant execute on function public.queue_health() to authenticated, service_role;
