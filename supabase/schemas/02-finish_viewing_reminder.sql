-- Marks a claimed reminder sent, or records a failed attempt: retried with backoff, given up after 8 tries.

create or replace function public.finish_viewing_reminder(reminder_id bigint, error text default NULL::text)
  returns void
  language sql
  set search_path to ''
as $function$
  update public.viewing_reminders as q
  set attempts = q.attempts + 1,
      last_error = finish_viewing_reminder.error,
      sent_at = case when finish_viewing_reminder.error is null or q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts + 1), 60) * interval '1 minute'
  where q.id = finish_viewing_reminder.reminder_id;
$function$;

revoke all on function public.finish_viewing_reminder(reminder_id bigint, error text) from public, anon, authenticated, service_role;
grant execute on function public.finish_viewing_reminder(reminder_id bigint, error text) to service_role;
