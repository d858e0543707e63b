-- The caller has read the conversation up to now; returns the time recorded (null: not theirs).

create or replace function public.mark_conversation_read(conversation_id uuid)
  returns timestamp with time zone
  language sql
  security definer
  set search_path to ''
as $function$
  update public.conversations as c
  set hunter_read_at = case when c.hunter_id = auth.uid() then greatest(c.hunter_read_at, now()) else c.hunter_read_at end,
      landlord_read_at = case when c.landlord_id = auth.uid() then greatest(c.landlord_read_at, now()) else c.landlord_read_at end
  where c.id = mark_conversation_read.conversation_id
    and auth.uid() in (c.hunter_id, c.landlord_id)
  returning now();
$function$;

revoke all on function public.mark_conversation_read(conversation_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.mark_conversation_read(conversation_id uuid) to authenticated;
grant execute on function public.mark_conversation_read(conversation_id uuid) to service_role;
