-- The landlord's decisions, for Your Listings: what was decided, why, and whether a review can be asked for.

create or replace function public.my_moderation_decisions()
  returns table(decision_id bigint, listing_id uuid, listing_name text, decision text, reason text, note text, decided_at timestamp with time zone, on_appeal boolean, review text, can_ask_for_review boolean)
  language sql
  stable security definer
  set search_path to ''
as $function$
  select
    d.id, d.listing_id, d.listing_name, d.decision, d.reason, d.note, d.decided_at, d.on_appeal,
    case when c.id is null then null when c.closed_at is null then 'waiting' else 'decided' end,
    c.id is null and not d.on_appeal and d.decision <> 'keep-listed' and d.decided_at >= now() - interval '30 days'
  from public.moderation_decisions as d
  left join public.moderation_cases as c on c.appeal_of = d.id
  where d.landlord_id = (select auth.uid())
  order by d.decided_at desc
  limit 100;
$function$;

revoke all on function public.my_moderation_decisions() from public, anon, authenticated, service_role;
grant execute on function public.my_moderation_decisions() to authenticated;
