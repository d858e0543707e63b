/**
 * Joins the shortlist of an invitation: the token must be one the server made, unused, unrevoked and not
 * expired, and the shortlist must have a free seat. The joiner's saved homes and notes join it. Opening
 * one's own used link again, or any link of one's own shortlist, just answers the shortlist.
 */

create or replace function public.accept_shortlist_invitation(token text)
  returns uuid
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  me uuid := auth.uid();
  invitation public.shortlist_invitations;
  free_seat smallint;
begin
  if me is null then
    raise exception 'Sign in to join this shortlist' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.shortlist_members:' || me::text, 0));
  select * into invitation from public.shortlist_invitations as i
  where i.token_hash = sha256(convert_to(coalesce(accept_shortlist_invitation.token, ''), 'UTF8'))
  for update;
  if found and invitation.shortlist_id = public.my_shortlist_id() then
    return invitation.shortlist_id;
  end if;
  if not found or invitation.used_at is not null or invitation.revoked_at is not null
     or invitation.expires_at <= now() then
    raise exception 'This invitation has expired or was already used' using errcode = 'PT410';
  end if;
  if public.my_shortlist_id() is not null then
    raise exception 'You already share a shortlist' using errcode = 'PT409', hint = 'Leave it to join this one.';
  end if;
  perform from public.shortlists as s where s.id = invitation.shortlist_id for update;
  select min(seat) into free_seat from generate_series(1, 4) as seat
  where seat not in (select m.seat from public.shortlist_members as m where m.shortlist_id = invitation.shortlist_id);
  if free_seat is null then
    raise exception 'A shortlist can have up to 4 people' using errcode = 'PT409';
  end if;
  insert into public.shortlist_members (shortlist_id, user_id, seat, name)
  values (invitation.shortlist_id, me, free_seat,
          coalesce((select left(p.name, 80) from public.profiles as p where p.id = me), ''));
  update public.shortlist_invitations as i set used_at = now(), used_by = me where i.id = invitation.id;
  insert into public.shortlist_homes (shortlist_id, listing_id, added_by, created_at)
  select invitation.shortlist_id, s.listing_id, s.user_id, s.created_at
  from public.saved_listings as s where s.user_id = me
  on conflict do nothing;
  update public.home_notes as n set shortlist_id = invitation.shortlist_id where n.author_id = me;
  return invitation.shortlist_id;
end;
$function$;

revoke all on function public.accept_shortlist_invitation(token text) from public, anon, authenticated, service_role;
grant execute on function public.accept_shortlist_invitation(token text) to authenticated;
