-- Live: a conversation that starts, moves or is read reaches both people's lists and unread counts
-- (topic user:<id>, event `conversation`); a read reaches the open thread (topic conversation:<id>,
-- event `read`), so `Sent` becomes `Read`. Only ids and times go out: each app re-reads what it shows.

create or replace function public.send_conversation_live()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  news jsonb;
  person uuid;
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return null;
  end if;
  news := jsonb_build_object(
    'id', new.id,
    'last_message_at', new.last_message_at,
    'last_sender_id', new.last_sender_id,
    'hunter_id', new.hunter_id,
    'landlord_id', new.landlord_id,
    'hunter_read_at', new.hunter_read_at,
    'landlord_read_at', new.landlord_read_at
  );
  if tg_op = 'UPDATE' and new.hunter_read_at is not distinct from old.hunter_read_at
    and new.landlord_read_at is not distinct from old.landlord_read_at
    and new.last_message_at is not distinct from old.last_message_at then
    return null;
  end if;
  foreach person in array array[new.hunter_id, new.landlord_id] loop
    if person is not null then
      perform realtime.send(news, 'conversation', 'user:' || person::text, true);
    end if;
  end loop;
  if tg_op = 'UPDATE' and (new.hunter_read_at is distinct from old.hunter_read_at
    or new.landlord_read_at is distinct from old.landlord_read_at) then
    perform realtime.send(news, 'read', 'conversation:' || new.id::text, true);
  end if;
  return null;
end;
$function$;

revoke all on function public.send_conversation_live() from public, anon, authenticated, service_role;
