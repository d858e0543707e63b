/**
 * Server-owned columns and the limit. For everyone, user_id and created_at
 * never change; updated_at records a change of name, parameters or alerts;
 * last_opened_at starts at created_at and is never in the future. For API callers an insert gets the
 * caller's id and the server's time. At most 20 searches a person: a per-person
 * lock makes two concurrent inserts count one after the other, and an insert of
 * an id that exists is let through so `on conflict do nothing` can skip it.
 * The same search twice (another id, the same params) is refused in words
 * people read; the unique constraint on (user_id, params) backs it.
 */

create or replace function public.stamp_saved_search()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
declare
  api_caller boolean := current_user in ('anon', 'authenticated')
    or coalesce(auth.role(), '') in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    new.id := coalesce(new.id, gen_random_uuid());
    if api_caller then
      new.user_id := auth.uid();
      new.created_at := now();
    else
      new.user_id := coalesce(new.user_id, auth.uid());
      new.created_at := coalesce(new.created_at, now());
    end if;
    new.updated_at := new.created_at;
    -- Matches are recorded from the moment a search exists, so it cannot have been opened before.
    new.last_opened_at := new.created_at;
    perform pg_advisory_xact_lock(hashtextextended('public.saved_searches:' || new.user_id::text, 0));
    if not exists (select from public.saved_searches where id = new.id)
      and (select count(*) from public.saved_searches where user_id = new.user_id) >= 20 then
      raise exception 'You can save up to 20 searches'
        using errcode = 'P0001', hint = 'Delete a saved search to save another.';
    end if;
    if exists (select from public.saved_searches
               where user_id = new.user_id and params = new.params and id <> new.id) then
      raise exception 'You have already saved this search'
        using errcode = 'P0001', hint = 'Open it from Saved, Searches.';
    end if;
  else
    new.id := old.id;
    new.user_id := old.user_id;
    new.created_at := old.created_at;
    new.last_opened_at := least(new.last_opened_at, now());
    if (new.name, new.params, new.alerts) is distinct from (old.name, old.params, old.alerts) then
      new.updated_at := now();
    else
      new.updated_at := old.updated_at;
    end if;
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_saved_search() from public, anon, authenticated, service_role;
