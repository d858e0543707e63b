-- How many of the caller's conversations have a message the caller has not read.

create or replace function public.unread_conversation_count()
  returns integer
  language sql
  stable
  set search_path to ''
as $function$
  select (
    (select count(*) from public.conversations as c
     where c.hunter_id = (select auth.uid()) and c.last_message_at > c.hunter_read_at)
    + (select count(*) from public.conversations as c
       where c.landlord_id = (select auth.uid()) and c.last_message_at > c.landlord_read_at)
  )::integer;
$function$;

revoke all on function public.unread_conversation_count() from public, anon, authenticated, service_role;
grant execute on function public.unread_conversation_count() to authenticated;
grant execute on function public.unread_conversation_count() to service_role;
