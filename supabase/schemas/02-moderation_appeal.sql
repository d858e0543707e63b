/**
 * ---------------------------------------------------------------------------
 * Appeals
 * ---------------------------------------------------------------------------
 * `Ask for a review`: the landlord, once per decision that hid their listing,
 * within 30 days, never of a decision on an appeal. The case goes back in the
 * queue, marked as an appeal, hidden ones first.
 */

create or replace function public.moderation_appeal(decision_id bigint, note text default ''::text)
  returns bigint
  language plpgsql
  security definer
  set search_path to ''
as $function$
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
$function$;

comment on function public.moderation_appeal(decision_id bigint, note text) is 'The landlord asks for a review of a decision (once, within 30 days, not of an appeal''s decision).';

revoke all on function public.moderation_appeal(decision_id bigint, note text) from public, anon, authenticated, service_role;
grant execute on function public.moderation_appeal(decision_id bigint, note text) to authenticated;
