/**
 * ---------------------------------------------------------------------------
 * Scheduled functions' runs
 * ---------------------------------------------------------------------------
 * The senders record each run at its end (supabase/functions/_shared/
 * function-runs.ts); function_schedules mirrors supabase/functions/
 * schedules.json with each schedule's period, so a schedule that never ran
 * shows too.
 */

create or replace function public.record_function_run(schedule text, started_at timestamp with time zone, outcome text, detail text default ''::text)
  returns void
  language sql
  security definer
  set search_path to ''
as $function$
  delete from public.function_runs as r
  where r.schedule = record_function_run.schedule and r.finished_at < now() - interval '7 days';
  insert into public.function_runs (schedule, started_at, outcome, detail)
  values (record_function_run.schedule, record_function_run.started_at, record_function_run.outcome, left(coalesce(record_function_run.detail, ''), 2000));
$function$;

revoke all on function public.record_function_run(schedule text, started_at timestamp with time zone, outcome text, detail text) from public, anon, authenticated, service_role;
grant execute on function public.record_function_run(schedule text, started_at timestamp with time zone, outcome text, detail text) to service_role;
