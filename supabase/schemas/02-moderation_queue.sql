/**
 * ---------------------------------------------------------------------------
 * The queue, a page at a time
 * ---------------------------------------------------------------------------
 * Keyset on moderation_cases_queue (priority, opened_at, id): pass the last
 * row's three values for the next page. Each row carries what a decision
 * needs: the listing and its photos, its open reports (reason, note, whether
 * it counted), the appeal, the landlord's other listings and past decisions.
 */

create or replace function public.moderation_queue(after_priority smallint default NULL::smallint, after_opened_at timestamp with time zone default NULL::timestamp with time zone, after_id bigint default NULL::bigint, page_size integer default 20)
  returns table(case_id bigint, priority smallint, opened_at timestamp with time zone, listing_id uuid, listing_name text, listing_type text, listing_location text, image_urls text[], hidden boolean, landlord_id uuid, landlord_email text, appeal jsonb, reports jsonb, other_listings jsonb, past_decisions jsonb)
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
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
$function$;

comment on function public.moderation_queue(after_priority smallint, after_opened_at timestamp with time zone, after_id bigint, page_size integer) is 'Moderators: a page of open cases, hidden listings and appeals first; keyset on (priority, opened_at, id).';

revoke all on function public.moderation_queue(after_priority smallint, after_opened_at timestamp with time zone, after_id bigint, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.moderation_queue(after_priority smallint, after_opened_at timestamp with time zone, after_id bigint, page_size integer) to authenticated;
