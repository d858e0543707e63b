-- An enquiry: finds or starts the caller's conversation about the listing and adds the message once.

create or replace function public.send_enquiry(listing_id uuid, message_id uuid, body text)
  returns uuid
  language plpgsql
  set search_path to ''
as $function$
declare
  found uuid;
begin
  insert into public.conversations (listing_id) values (send_enquiry.listing_id)
  on conflict on constraint conversations_one_per_listing do nothing;
  select c.id into found from public.conversations as c
  where c.listing_id = send_enquiry.listing_id and c.hunter_id = (select auth.uid());
  insert into public.messages (id, conversation_id, body)
  values (send_enquiry.message_id, found, send_enquiry.body)
  on conflict (id) do nothing;
  return found;
end;
$function$;

revoke all on function public.send_enquiry(listing_id uuid, message_id uuid, body text) from public, anon, authenticated, service_role;
grant execute on function public.send_enquiry(listing_id uuid, message_id uuid, body text) to authenticated;
grant execute on function public.send_enquiry(listing_id uuid, message_id uuid, body text) to service_role;
