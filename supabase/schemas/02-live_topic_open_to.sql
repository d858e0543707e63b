/**
 * ---------------------------------------------------------------------------
 * Live updates: who may join a topic
 * ---------------------------------------------------------------------------
 * The topics of Roost's private Realtime channels, and who may join each:
 *   user:<id>          that person alone (their conversations list, unread
 *                      count and saved homes);
 *   conversation:<id>  the two people of the conversation (new messages,
 *                      reads, typing);
 *   listing:<id>       whoever can read the listing (its status and price);
 *   shortlist:<id>     the members of the shared shortlist (its homes, notes,
 *                      votes and members).
 * Security invoker: the checks are the caller's own reads of conversations,
 * listings and shortlist members, under their row-level security. Anything else is refused.
 */

create or replace function public.live_topic_open_to(topic text)
  returns boolean
  language sql
  stable
  set search_path to ''
as $function$
  select case
    when topic is null or topic !~ '^(user|conversation|listing|shortlist):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      or (select auth.uid()) is null then false
    when split_part(topic, ':', 1) = 'user' then split_part(topic, ':', 2)::uuid = (select auth.uid())
    when split_part(topic, ':', 1) = 'conversation' then exists (
      select 1 from public.conversations as c
      where c.id = split_part(topic, ':', 2)::uuid and (select auth.uid()) in (c.hunter_id, c.landlord_id))
    when split_part(topic, ':', 1) = 'shortlist' then exists (
      select 1 from public.shortlist_members as m
      where m.shortlist_id = split_part(topic, ':', 2)::uuid and m.user_id = (select auth.uid()))
    else exists (select 1 from public.listings as l where l.id = split_part(topic, ':', 2)::uuid)
  end;
$function$;

revoke all on function public.live_topic_open_to(topic text) from public, anon, authenticated, service_role;
grant execute on function public.live_topic_open_to(topic text) to authenticated;
grant execute on function public.live_topic_open_to(topic text) to service_role;
