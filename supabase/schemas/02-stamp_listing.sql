/**
 * ---------------------------------------------------------------------------
 * Server-owned columns
 * ---------------------------------------------------------------------------
 * stamp_listing (the listings migration) now also keeps the market columns.
 * For API callers (anon, authenticated) they always take the server's values.
 * The service role and the table owner (seeding, maintenance) may set the
 * reduction when inserting, and change status_changed_at and the reduction in
 * an update that does not change the status or the price; a new listing's
 * status_changed_at is its created_at, and off_market_at always follows the
 * status and status_changed_at, for everyone. Generated columns
 * are not yet computed in a BEFORE trigger, so the price a person pays is
 * worked out here as effective_price defines it.
 */

create or replace function public.stamp_listing()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
declare
  api_caller boolean := current_user in ('anon', 'authenticated')
    or coalesce(auth.role(), '') in ('anon', 'authenticated');
  new_price integer;
  lowest_shown integer;
begin
  if tg_op = 'INSERT' then
    -- Bulk inserts send absent keys as null, so fall back to the defaults here.
    new.id := coalesce(new.id, gen_random_uuid());
    new.status := coalesce(new.status, 'available');
    new.version := 1;
    if api_caller then
      new.created_at := now();
      new.user_ref := auth.uid();
      new.price_reduced_at := null;
      new.price_reduced_by := null;
    else
      new.created_at := coalesce(new.created_at, now());
      new.user_ref := coalesce(new.user_ref, auth.uid());
    end if;
    new.updated_at := new.created_at;
    -- A new listing's status has not changed since it was published.
    new.status_changed_at := new.created_at;
  else
    if new.version is distinct from old.version then
      raise exception 'listing_version_conflict'
        using errcode = 'P0001',
          detail = format('The listing is at version %s; the update started from version %s.', old.version, new.version),
          hint = 'Read the listing again and apply the change to its current version.';
    end if;
    new.id := old.id;
    new.created_at := old.created_at;
    new.user_ref := old.user_ref;
    new.updated_at := now();
    new.version := old.version + 1;

    if new.status is distinct from old.status then
      new.status_changed_at := now();
    elsif api_caller or new.status_changed_at is null then
      new.status_changed_at := old.status_changed_at;
    end if;

    new_price := case when new.offer then new.discounted_price else new.regular_price end;
    if new_price is distinct from old.effective_price then
      -- The history's rows are visible to whoever may update the listing (its select policy).
      select min(shown.price) into lowest_shown
      from (
        select old.effective_price as price
        union all
        select h.price from public.listing_price_history as h
        where h.listing_id = old.id and h.changed_at > now() - interval '30 days'
        union all
        (
          select h.price from public.listing_price_history as h
          where h.listing_id = old.id and h.changed_at <= now() - interval '30 days'
          order by h.changed_at desc, h.id desc
          limit 1
        )
      ) as shown;
      if new_price < lowest_shown then
        new.price_reduced_at := now();
        new.price_reduced_by := lowest_shown - new_price;
      else
        new.price_reduced_at := null;
        new.price_reduced_by := null;
      end if;
    elsif api_caller then
      new.price_reduced_at := old.price_reduced_at;
      new.price_reduced_by := old.price_reduced_by;
    end if;
  end if;

  new.off_market_at := case
    when new.status in ('sold', 'let') then new.status_changed_at + interval '14 days'
    when new.status in ('sold_stc', 'let_agreed') then new.status_changed_at + interval '60 days'
  end;
  return new;
end;
$function$;

revoke all on function public.stamp_listing() from public, anon, authenticated, service_role;
