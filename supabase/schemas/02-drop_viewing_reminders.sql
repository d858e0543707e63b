-- A cancelled or declined viewing owes no reminder.

create or replace function public.drop_viewing_reminders(booking_id uuid)
  returns void
  language sql
  security definer
  set search_path to ''
as $function$
  delete from public.viewing_reminders as r
  where r.booking_id = drop_viewing_reminders.booking_id and r.sent_at is null;
$function$;

revoke all on function public.drop_viewing_reminders(booking_id uuid) from public, anon, authenticated, service_role;
