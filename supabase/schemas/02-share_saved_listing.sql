/**
 * Keeps a member's saved homes inside their shortlist. A home a member saves joins the shortlist; one a
 * member unsaves leaves it. Only a person's own unsave counts (trigger depth 1): rows that go with an
 * account or a listing, or because the shortlist dropped the home, change nothing more.
 */

create or replace function public.share_saved_listing()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if tg_op = 'INSERT' then
    insert into public.shortlist_homes (shortlist_id, listing_id, added_by, created_at)
    select m.shortlist_id, new.listing_id, new.user_id, new.created_at
    from public.shortlist_members as m where m.user_id = new.user_id
    on conflict do nothing;
    return null;
  end if;
  if pg_trigger_depth() = 1 then
    delete from public.shortlist_homes as h
    using public.shortlist_members as m
    where m.user_id = old.user_id and h.shortlist_id = m.shortlist_id and h.listing_id = old.listing_id;
  end if;
  return null;
end;
$function$;

revoke all on function public.share_saved_listing() from public, anon, authenticated, service_role;
