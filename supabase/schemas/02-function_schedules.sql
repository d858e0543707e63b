/**
 * ---------------------------------------------------------------------------
 * Scheduled functions' runs
 * ---------------------------------------------------------------------------
 * The senders record each run at its end (supabase/functions/_shared/
 * function-runs.ts); function_schedules mirrors supabase/functions/
 * schedules.json with each schedule's period, so a schedule that never ran
 * shows too.
 */

create table public.function_schedules (
  schedule text not null,
  period_seconds integer not null,
  constraint function_schedules_pkey PRIMARY KEY (schedule),
  constraint function_schedules_period_seconds_check CHECK (period_seconds > 0)
);

comment on table public.function_schedules is 'The scheduled functions (supabase/functions/schedules.json) and how often each should run.';

-- The API roles get only what is granted here.
revoke all on table public.function_schedules from anon, authenticated, service_role;
grant select on table public.function_schedules to service_role;

alter table public.function_schedules enable row level security;

create policy "The service role reads the schedules"
  on public.function_schedules for select to service_role
  using (true);

-- Rows the schema holds from the start (they are part of it, not demo data).
insert into public.function_schedules (schedule, period_seconds) values
  ('send-alerts-daily', 60),
  ('send-alerts-instant', 60),
  ('send-emails', 60);
