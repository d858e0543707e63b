/**
 * Posts `body` in the listing's conversation between the booking's hunter and landlord, as `sender`
 * (the person who acted); the hunter's booking starts the conversation when there is none. A line the
 * messaging rules refuse (a block, a limit) is skipped, never failing the viewing's change.
 */

create or replace function public.post_viewing_line(booking viewing_bookings, sender uuid, body text)
  returns void
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  conversation uuid;
begin
  begin
    select c.id into conversation from public.conversations as c
    where c.listing_id = booking.listing_id and c.hunter_id = booking.hunter_id;
    if conversation is null and sender = booking.hunter_id then
      insert into public.conversations (listing_id, hunter_id, landlord_id)
      values (booking.listing_id, booking.hunter_id, booking.landlord_id)
      on conflict on constraint conversations_one_per_listing do nothing
      returning id into conversation;
    end if;
    if conversation is not null then
      insert into public.messages (conversation_id, sender_id, body)
      values (conversation, sender, post_viewing_line.body);
    end if;
  exception when others then
    raise log 'a viewing line was not posted: %', sqlerrm;
  end;
end;
$function$;

revoke all on function public.post_viewing_line(booking viewing_bookings, sender uuid, body text) from public, anon, authenticated, service_role;
