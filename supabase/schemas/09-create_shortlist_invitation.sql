/**
 * Share with someone: an invitation to the caller's shortlist, which is made first if the caller has none
 * (the caller's saved homes and notes go into it). Returns the token once; only its hash is kept.
 * At most 10 open invitations a shortlist, so links cannot be minted without end.
 */

create or replace function public.create_shortlist_invitation()
  returns table(invitation_id uuid, token text, expires_at timestamp with time zone, shortlist_id uuid)
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  me uuid := auth.uid();
  list uuid;
  secret text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  made public.shortlist_invitations;
begin
  if me is null then
    raise exception 'Sign in to share your saved homes' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.shortlist_members:' || me::text, 0));
  list := public.my_shortlist_id();
  if list is null then
    insert into public.shortlists default values returning id into list;
    insert into public.shortlist_members (shortlist_id, user_id, seat, name)
    values (list, me, 1, coalesce((select left(p.name, 80) from public.profiles as p where p.id = me), ''));
    insert into public.shortlist_homes (shortlist_id, listing_id, added_by, created_at)
    select list, s.listing_id, s.user_id, s.created_at from public.saved_listings as s where s.user_id = me;
    update public.home_notes as n set shortlist_id = list where n.author_id = me;
  end if;
  perform from public.shortlists as s where s.id = list for update;
  if (select count(*) from public.shortlist_invitations as i
      where i.shortlist_id = list and i.used_at is null and i.revoked_at is null and i.expires_at > now()) >= 10 then
    raise exception 'This shortlist has 10 open invitations' using errcode = 'PT429', hint = 'Stop sharing one to make another.';
  end if;
  insert into public.shortlist_invitations (shortlist_id, invited_by, token_hash)
  values (list, me, sha256(convert_to(secret, 'UTF8')))
  returning * into made;
  return query select made.id, secret, made.expires_at, list;
end;
$function$;

revoke all on function public.create_shortlist_invitation() from public, anon, authenticated, service_role;
grant execute on function public.create_shortlist_invitation() to authenticated;
