-- A message: the sender is the caller, the time the server's; blocks and the hourly limit.

create or replace function public.stamp_message()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  other_side uuid;
  participant boolean;
begin
  if auth.uid() is not null then
    new.sender_id := auth.uid();
  end if;
  new.created_at := now();

  -- The same message sent again (the outbox repeating a send): ON CONFLICT DO NOTHING takes it once.
  if exists (select 1 from public.messages as m where m.id = new.id) then
    return new;
  end if;

  if not public.conversation_open_to(new.conversation_id, new.sender_id) then
    select true, case when c.hunter_id = new.sender_id then c.landlord_id else c.hunter_id end
    into participant, other_side
    from public.conversations as c
    where c.id = new.conversation_id and new.sender_id in (c.hunter_id, c.landlord_id);
    if participant and other_side is null then
      raise exception 'This person has left Roost'
        using errcode = 'PT410', hint = 'The conversation stays readable; nobody is left to read a reply.';
    end if;
    if participant then
      raise exception 'This person is not accepting your messages' using errcode = '42501';
    end if;
    -- Not a participant: row-level security refuses the row, saying nothing about the conversation.
    return new;
  end if;

  perform pg_advisory_xact_lock(hashtextextended('messages:' || new.sender_id::text, 0));
  if (
    select count(*) from public.messages as m
    where m.sender_id = new.sender_id and m.created_at > now() - interval '1 hour'
  ) >= 60 then
    raise exception 'You can send up to 60 messages an hour' using errcode = 'P0001';
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_message() from public, anon, authenticated, service_role;
