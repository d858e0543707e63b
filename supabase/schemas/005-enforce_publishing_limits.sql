/**
 * ---------------------------------------------------------------------------
 * Publishing limits
 * ---------------------------------------------------------------------------
 * One account publishes at most 20 new listings in any 24 hours and holds at
 * most 200 in all. The database refuses the 21st (or the 201st) with a message
 * the listing form shows as it is; a draft waiting on the device keeps its
 * place and shows the same reason. The limits bind API callers (anon,
 * authenticated); the service role and the table owner (seeding, maintenance)
 * are not held to them.
 */

create or replace function public.enforce_publishing_limits()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  publisher uuid := auth.uid();
begin
  if not (current_user in ('anon', 'authenticated') or coalesce(auth.role(), '') in ('anon', 'authenticated'))
     or publisher is null then
    return new;
  end if;
  -- The same listing sent again (a draft's publish repeated): ON CONFLICT takes it once, so it costs nothing.
  if new.id is not null and exists (select 1 from public.listings as l where l.id = new.id) then
    return new;
  end if;
  -- One publisher's listings are counted one at a time, so two at once cannot both take the last place.
  perform pg_advisory_xact_lock(hashtextextended('listings:' || publisher::text, 0));
  if (
    select count(*) from public.listings as l
    where l.user_ref = publisher and l.created_at > now() - interval '1 day'
  ) >= 20 then
    raise exception 'You can publish up to 20 new listings a day. Please try again tomorrow.'
      using errcode = 'P0001', hint = 'publishing_limit_daily';
  end if;
  if (select count(*) from public.listings as l where l.user_ref = publisher) >= 200 then
    raise exception 'You can have up to 200 listings. Delete one to publish another.'
      using errcode = 'P0001', hint = 'publishing_limit_total';
  end if;
  return new;
end;
$function$;

comment on function public.enforce_publishing_limits() is 'Refuses a new listing beyond 20 a day or 200 in all for its publisher (API callers only).';

revoke all on function public.enforce_publishing_limits() from public, anon, authenticated, service_role;
