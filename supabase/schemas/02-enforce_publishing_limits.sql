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

  -- One publisher's listings are counted one at a time, so two at once cannot both take the last place.
  -- The lock comes before the look for the same id: a repeat waiting on it then sees the first one's row.
  perform pg_advisory_xact_lock(hashtextextended('listings:' || publisher::text, 0));
  -- The same listing sent again (a draft's publish repeated): ON CONFLICT takes it once, so it costs nothing.
  if new.id is not null and exists (select 1 from public.listings as l where l.id = new.id) then
    return new;
  end if;

  delete from public.listing_publishes as p
  where p.user_id = publisher and p.published_at <= now() - interval '1 day';
  if (
    (select count(*) from public.listing_publishes as p where p.user_id = publisher)
    -- Listings of the day that no API publish wrote (seeded, or older than the log): counted as rows.
    + (
      select count(*) from public.listings as l
      where l.user_ref = publisher and l.created_at > now() - interval '1 day'
        and not exists (
          select 1 from public.listing_publishes as p where p.user_id = publisher and p.listing_id = l.id
        )
    )
  ) >= 20 then
    raise exception 'You can publish up to 20 new listings a day. Please try again tomorrow.'
      using errcode = 'P0001', hint = 'publishing_limit_daily';
  end if;
  if (select count(*) from public.listings as l where l.user_ref = publisher) >= 200 then
    raise exception 'You can have up to 200 listings. Delete one to publish another.'
      using errcode = 'P0001', hint = 'publishing_limit_total';
  end if;

  -- stamp_listing gives an API caller's listing its id when it has none; this is the same one.
  new.id := coalesce(new.id, gen_random_uuid());
  insert into public.listing_publishes (user_id, listing_id) values (publisher, new.id);
  return new;
end;
$function$;

comment on function public.enforce_publishing_limits() is 'Refuses a new listing beyond 20 publishes a day (deleted ones count) or 200 listings in all (API callers only); logs each API publish.';

revoke all on function public.enforce_publishing_limits() from public, anon, authenticated, service_role;
