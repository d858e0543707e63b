/**
 * ---------------------------------------------------------------------------
 * The audit trail (append-only)
 * ---------------------------------------------------------------------------
 * Every decision, appeal and role change: who, when, on what, and why. No
 * role may write it through the API (no grants); the moderation functions
 * write it as its owner, and the trigger refuses any update or delete, the
 * owner's included.
 */

create or replace function public.refuse_audit_change()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
begin
  raise exception 'The audit trail cannot be changed' using errcode = '42501';
end;
$function$;

revoke all on function public.refuse_audit_change() from public, anon, authenticated, service_role;
