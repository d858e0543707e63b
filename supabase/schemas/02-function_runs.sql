/**
 * ---------------------------------------------------------------------------
 * Scheduled functions' runs
 * ---------------------------------------------------------------------------
 * The senders record each run at its end (supabase/functions/_shared/
 * function-runs.ts); function_schedules mirrors supabase/functions/
 * schedules.json with each schedule's period, so a schedule that never ran
 * shows too.
 */

create table public.function_runs (
  id bigint generated always as identity,
  schedule text not null,
  started_at timestamp with time zone not null,
  finished_at timestamp with time zone not null default now(),
  outcome text not null,
  detail text not null default ''::text,
  constraint function_runs_pkey PRIMARY KEY (id),
  constraint function_runs_outcome_valid CHECK (outcome = ANY (ARRAY['ok'::text, 'failed'::text]))
);

comment on table public.function_runs is 'One row per run of a scheduled function, written at its end; the last week is kept.';

create index function_runs_latest ON public.function_runs using btree (schedule, finished_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.function_runs from anon, authenticated, service_role;
grant select on table public.function_runs to service_role;

-- Its identity's sequence.
revoke all on sequence function_runs_id_seq from anon, authenticated, service_role;

alter table public.function_runs enable row level security;

create policy "The service role reads the runs"
  on public.function_runs for select to service_role
  using (true);
