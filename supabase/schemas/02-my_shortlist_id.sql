/**
 * The shortlist the caller belongs to, or null. Policies read it, so it reads the members as their owner
 * (a member's own policy cannot ask the table it guards). plpgsql, so the table may come later in the files.
 */

create or replace function public.my_shortlist_id()
  returns uuid
  language plpgsql
  stable
  security definer
  set search_path to ''
as $function$
begin
  return (select m.shortlist_id from public.shortlist_members as m where m.user_id = auth.uid());
end;
$function$;

revoke all on function public.my_shortlist_id() from public, anon, authenticated, service_role;
grant execute on function public.my_shortlist_id() to authenticated;
grant execute on function public.my_shortlist_id() to service_role;
