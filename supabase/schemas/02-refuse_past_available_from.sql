/**
 * ---------------------------------------------------------------------------
 * Available from, not in the past
 * ---------------------------------------------------------------------------
 * A CHECK constraint must not read the clock (it would hold when written and
 * fail later), so this trigger refuses a rent listing's available_from before
 * today's date in the UK (Europe/London) when it is set: on insert, or by an
 * update that changes it. An unchanged date that has since passed is kept
 * through later edits. API callers (anon, authenticated) only, like the
 * publishing limits: the service role and the table owner (seeding,
 * maintenance) are not held to it. The refusal is a check violation named
 * listings_available_from_not_past, like the table's CHECK constraints.
 */

create or replace function public.refuse_past_available_from()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
begin
  if new.available_from is not null
     and (tg_op = 'INSERT' or new.available_from is distinct from old.available_from)
     and (current_user in ('anon', 'authenticated') or coalesce(auth.role(), '') in ('anon', 'authenticated'))
     and new.available_from < (now() at time zone 'Europe/London')::date then
    raise exception 'The date a home is available from cannot be in the past.'
      using errcode = 'check_violation',
        constraint = 'listings_available_from_not_past',
        table = 'listings',
        schema = 'public',
        column = 'available_from';
  end if;
  return new;
end;
$function$;

comment on function public.refuse_past_available_from() is 'Refuses a listing''s available_from before today (Europe/London) when an API caller sets or changes it.';

revoke all on function public.refuse_past_available_from() from public, anon, authenticated, service_role;
