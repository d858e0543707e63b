/**
 * Stop sharing: revokes one open invitation of the caller's shortlist, or all of them when invitation_id
 * is null. Idempotent; answers how many were open.
 */

create or replace function public.revoke_shortlist_invitations(invitation_id uuid default null)
  returns integer
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  revoked integer;
begin
  update public.shortlist_invitations as i set revoked_at = now()
  where i.shortlist_id = public.my_shortlist_id()
    and (revoke_shortlist_invitations.invitation_id is null or i.id = revoke_shortlist_invitations.invitation_id)
    and i.used_at is null and i.revoked_at is null;
  get diagnostics revoked = row_count;
  return revoked;
end;
$function$;

revoke all on function public.revoke_shortlist_invitations(invitation_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.revoke_shortlist_invitations(invitation_id uuid) to authenticated;
