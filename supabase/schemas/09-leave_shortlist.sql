/**
 * Leave this shortlist: the caller's saved homes and notes stay theirs (the notes private again), the
 * homes they added stay for the others, and the shortlist goes with its last member. Idempotent.
 */

create or replace function public.leave_shortlist()
  returns boolean
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  me uuid := auth.uid();
begin
  update public.home_notes as n set shortlist_id = null where n.author_id = me and n.shortlist_id is not null;
  delete from public.shortlist_members as m where m.user_id = me;
  return found;
end;
$function$;

revoke all on function public.leave_shortlist() from public, anon, authenticated, service_role;
grant execute on function public.leave_shortlist() to authenticated;
