-- Live: a new message reaches the open thread on both sides (topic conversation:<id>, event `message`).
-- Skipped on a Postgres without Supabase Realtime's schema, so the migrations apply there too.

create or replace function public.send_message_live()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return null;
  end if;
  perform realtime.send(
    jsonb_build_object(
      'id', new.id,
      'conversation_id', new.conversation_id,
      'sender_id', new.sender_id,
      'body', new.body,
      'created_at', new.created_at
    ),
    'message',
    'conversation:' || new.conversation_id::text,
    true
  );
  return null;
end;
$function$;

revoke all on function public.send_message_live() from public, anon, authenticated, service_role;
