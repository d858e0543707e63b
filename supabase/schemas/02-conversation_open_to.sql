-- Whether `sender` may write in `conversation_id` now: a participant the other side has not blocked.

create or replace function public.conversation_open_to(conversation_id uuid, sender uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to ''
as $function$
  select exists (
    select 1
    from public.conversations as c
    where c.id = conversation_open_to.conversation_id
      and conversation_open_to.sender in (c.hunter_id, c.landlord_id)
      and (
        conversation_open_to.sender = auth.uid()
        or (auth.uid() is null and coalesce(auth.role(), '') not in ('anon', 'authenticated'))
      )
      and (case when c.hunter_id = conversation_open_to.sender then c.landlord_id else c.hunter_id end) is not null
      and not exists (
        select 1 from public.blocked_senders as b
        where b.blocked_id = conversation_open_to.sender
          and b.blocker_id = case when c.hunter_id = conversation_open_to.sender then c.landlord_id else c.hunter_id end
      )
  );
$function$;

comment on function public.conversation_open_to(conversation_id uuid, sender uuid) is 'Whether the caller (sender) may write in their conversation now: the other side still has an account and has not blocked them. False about anyone else''s.';

revoke all on function public.conversation_open_to(conversation_id uuid, sender uuid) from public, anon, authenticated, service_role;
grant execute on function public.conversation_open_to(conversation_id uuid, sender uuid) to authenticated;
grant execute on function public.conversation_open_to(conversation_id uuid, sender uuid) to service_role;
