-- A new conversation: its landlord from the listing, its hunter the caller; the daily limit and blocks.

create or replace function public.stamp_conversation()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  owner uuid;
begin
  if tg_op = 'UPDATE' then
    if new.hunter_id <> old.hunter_id or new.landlord_id <> old.landlord_id
       or new.created_at <> old.created_at
       or new.listing_id is distinct from old.listing_id and new.listing_id is not null then
      raise exception 'A conversation''s people, listing and start cannot change' using errcode = '42501';
    end if;
    return new;
  end if;

  -- Started by the caller (the service role may name the hunter, for seeding and tests).
  if auth.uid() is not null then
    new.hunter_id := auth.uid();
  end if;
  new.created_at := now();
  new.last_message_at := now();
  new.last_sender_id := null;
  new.hunter_read_at := now();
  new.landlord_read_at := '-infinity';

  select l.user_ref into owner from public.listings as l where l.id = new.listing_id;
  if owner is null then
    raise exception 'This listing is no longer available' using errcode = 'P0002';
  end if;
  new.landlord_id := owner;
  if owner = new.hunter_id then
    raise exception 'This is your own listing' using errcode = '23514';
  end if;

  -- A repeated enquiry about the same listing finds its conversation (ON CONFLICT DO NOTHING): no limit.
  if exists (
    select 1 from public.conversations as c
    where c.listing_id = new.listing_id and c.hunter_id = new.hunter_id
  ) then
    return new;
  end if;

  if exists (
    select 1 from public.blocked_senders as b
    where b.blocker_id = owner and b.blocked_id = new.hunter_id
  ) then
    raise exception 'This person is not accepting your messages' using errcode = '42501';
  end if;

  -- One sender's starts are counted one at a time, so two at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('conversations:' || new.hunter_id::text, 0));
  if (
    select count(*) from public.conversations as c
    where c.hunter_id = new.hunter_id and c.created_at > now() - interval '1 day'
  ) >= 10 then
    raise exception 'You can start up to 10 new conversations a day' using errcode = 'P0001';
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_conversation() from public, anon, authenticated, service_role;
