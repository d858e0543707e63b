/**
 * Settles a claimed email: `sent` or `skipped`, or with an error a failed attempt, retried after 1, 2, 4…
 * minutes (at most an hour apart) and given up after 8 tries.
 */

create or replace function public.finish_message_email(email_id bigint, outcome text default 'sent'::text, error text default NULL::text)
  returns void
  language sql
  set search_path to ''
as $function$
  update public.message_emails as q
  set attempts = q.attempts + case when finish_message_email.outcome = 'skipped' then 0 else 1 end,
      last_error = finish_message_email.error,
      outcome = case
        when finish_message_email.error is null then finish_message_email.outcome
        when q.attempts + 1 >= 8 then 'gave-up'
      end,
      sent_at = case when finish_message_email.error is null or q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts), 60) * interval '1 minute'
  where q.id = finish_message_email.email_id;
$function$;

revoke all on function public.finish_message_email(email_id bigint, outcome text, error text) from public, anon, authenticated, service_role;
grant execute on function public.finish_message_email(email_id bigint, outcome text, error text) to service_role;
