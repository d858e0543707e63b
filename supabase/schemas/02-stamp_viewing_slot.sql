/**
 * ---------------------------------------------------------------------------
 * Slots: the rules a landlord's insert meets
 * ---------------------------------------------------------------------------
 */

create or replace function public.stamp_viewing_slot()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  owner uuid;
begin
  select l.user_ref into owner from public.listings as l where l.id = new.listing_id;
  if owner is null then
    raise exception 'This listing is no longer available' using errcode = 'VW002';
  end if;
  if auth.uid() is not null and owner <> auth.uid() then
    raise exception 'Only the listing''s landlord offers its viewing times' using errcode = 'VW015';
  end if;
  new.landlord_id := owner;
  new.created_at := now();
  new.removed_at := null;
  if new.starts_at <= now() then
    raise exception 'A viewing time cannot be in the past' using errcode = 'VW010';
  end if;
  if new.minutes > 120 then
    raise exception 'A viewing lasts at most 2 hours' using errcode = 'VW012';
  end if;
  if new.minutes < 5 then
    raise exception 'A viewing lasts at least 5 minutes' using errcode = 'VW012';
  end if;
  if new.starts_at > now() + interval '90 days' then
    raise exception 'Viewing times can be offered up to 90 days ahead' using errcode = 'VW013';
  end if;
  new.ends_at := new.starts_at + new.minutes * interval '1 minute';

  -- One listing's slots are added one statement at a time, so the count and the overlap check hold.
  perform pg_advisory_xact_lock(hashtextextended('viewing_slots:' || new.listing_id::text, 0));
  if exists (
    select 1 from public.viewing_slots as s
    where s.listing_id = new.listing_id and s.removed_at is null
      and tstzrange(s.starts_at, s.ends_at) && tstzrange(new.starts_at, new.ends_at)
  ) then
    raise exception 'That time overlaps another viewing time' using errcode = 'VW011';
  end if;
  if (
    select count(*) from public.viewing_slots as s
    where s.listing_id = new.listing_id and s.removed_at is null and s.starts_at > now()
  ) >= 40 then
    raise exception 'A listing can offer up to 40 open viewing times' using errcode = 'VW014';
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_viewing_slot() from public, anon, authenticated, service_role;
