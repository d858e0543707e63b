-- After a message: the conversation moves to the top, and the sender has read everything up to it.

create or replace function public.message_sent()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  update public.conversations as c
  set last_message_at = greatest(c.last_message_at, new.created_at),
      last_sender_id = new.sender_id,
      hunter_read_at = case when c.hunter_id = new.sender_id then greatest(c.hunter_read_at, new.created_at) else c.hunter_read_at end,
      landlord_read_at = case when c.landlord_id = new.sender_id then greatest(c.landlord_read_at, new.created_at) else c.landlord_read_at end
  where c.id = new.conversation_id;
  return null;
end;
$function$;

revoke all on function public.message_sent() from public, anon, authenticated, service_role;
