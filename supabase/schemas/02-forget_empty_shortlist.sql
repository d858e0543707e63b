-- A shortlist goes with its last member (who left, or whose account was deleted).
create or replace function public.forget_empty_shortlist()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if not exists (select from public.shortlist_members as m where m.shortlist_id = old.shortlist_id) then
    delete from public.shortlists as s where s.id = old.shortlist_id;
  end if;
  return null;
end;
$function$;

revoke all on function public.forget_empty_shortlist() from public, anon, authenticated, service_role;
