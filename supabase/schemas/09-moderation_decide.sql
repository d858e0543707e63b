/**
 * ---------------------------------------------------------------------------
 * Decisions: one function each, one transaction each
 * ---------------------------------------------------------------------------
 * moderation_decide is their common body (not callable through the API).
 * The case's row lock orders two moderators deciding at once: the second
 * finds it closed and is told so, and nothing changes.
 */

create or replace function public.moderation_decide(case_id bigint, decision text, reason text, note text)
  returns moderation_decisions
  language plpgsql
  security definer
  set search_path to ''
as $function$
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
$function$;

revoke all on function public.moderation_decide(case_id bigint, decision text, reason text, note text) from public, anon, authenticated, service_role;
