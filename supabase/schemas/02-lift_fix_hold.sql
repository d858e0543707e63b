-- A landlord's edit lifts the hold of a listing they were asked to fix.

create or replace function public.lift_fix_hold()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  if (select auth.uid()) = new.user_ref then
    delete from public.listing_review_holds as h where h.listing_id = new.id and h.kind = 'fix-requested';
  end if;
  return null;
end;
$function$;

revoke all on function public.lift_fix_hold() from public, anon, authenticated, service_role;
