/**
 * ---------------------------------------------------------------------------
 * queue_health(): every queue and schedule at a glance
 * ---------------------------------------------------------------------------
 * Per queue: how many wait, the oldest's age, what failed in the last 24
 * hours and why (given-up items included). Per schedule: the last run and how
 * it ended. Red: a queue whose oldest item waits over 10 minutes (daily
 * alerts wait for their hour by design, so alert_deliveries counts instant
 * ones), or a schedule not run for 3 of its periods. For moderators (the
 * Health screen) and the service role (a monitoring system, through
 * POST /rest/v1/rpc/queue_health).
 */

create or replace function public.queue_health()
  returns jsonb
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
declare
  queues jsonb;
  schedules jsonb;
begin
  if coalesce(auth.jwt() ->> 'role', '') <> 'service_role' and not public.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501';
  end if;

  with items as (
    select 'alert_deliveries' as queue, q.created_at,
      q.sent_at is null and q.gave_up_at is null as waiting,
      q.sent_at is null and q.gave_up_at is null and q.kind = 'instant' as timed,
      q.last_error, q.gave_up_at as gave_up_at,
      coalesce(q.gave_up_at, q.sent_at, q.next_attempt_at) as settled_at
    from public.alert_deliveries as q
    where (q.sent_at is null and q.gave_up_at is null) or q.last_error is not null
    union all
    select 'message_pushes', q.created_at, q.sent_at is null and q.gave_up_at is null,
      q.sent_at is null and q.gave_up_at is null, q.last_error, q.gave_up_at,
      coalesce(q.gave_up_at, q.sent_at, q.next_attempt_at)
    from public.message_pushes as q
    where (q.sent_at is null and q.gave_up_at is null) or q.last_error is not null
    union all
    select 'saved_home_pushes', q.created_at, q.sent_at is null and q.gave_up_at is null,
      q.sent_at is null and q.gave_up_at is null, q.last_error, q.gave_up_at,
      coalesce(q.gave_up_at, q.sent_at, q.next_attempt_at)
    from public.saved_home_pushes as q
    where (q.sent_at is null and q.gave_up_at is null) or q.last_error is not null
    union all
    select 'message_emails', q.created_at, q.sent_at is null, q.sent_at is null, q.last_error,
      case when q.outcome = 'gave-up' then q.sent_at end,
      coalesce(q.sent_at, q.next_attempt_at)
    from public.message_emails as q
    where q.sent_at is null or q.last_error is not null
  ),
  -- A failure of the last 24 hours: an item with an error whose last try (or giving up) falls in them.
  failures as (
    select i.queue, i.last_error, count(*) as items, count(i.gave_up_at) as gave_up
    from items as i
    where i.last_error is not null and i.settled_at >= now() - interval '24 hours'
    group by i.queue, i.last_error
  ),
  figures as (
    select
      names.queue,
      (select count(*) from items as i where i.queue = names.queue and i.waiting) as waiting,
      (select extract(epoch from now() - min(i.created_at))::bigint from items as i where i.queue = names.queue and i.timed)
        as oldest_seconds,
      coalesce((select sum(f.items) from failures as f where f.queue = names.queue), 0)::bigint as failed_24h,
      coalesce((select sum(f.gave_up) from failures as f where f.queue = names.queue), 0)::bigint as gave_up_24h,
      coalesce((
        select jsonb_agg(jsonb_build_object('error', f.last_error, 'items', f.items, 'gave_up', f.gave_up)
          order by f.items desc, f.last_error)
        from failures as f where f.queue = names.queue
      ), '[]'::jsonb) as errors
    from (values (1, 'alert_deliveries'), (2, 'message_pushes'), (3, 'saved_home_pushes'), (4, 'message_emails'))
      as names (position, queue)
    order by names.position
  )
  select jsonb_agg(jsonb_build_object(
    'queue', f.queue,
    'waiting', f.waiting,
    'oldest_seconds', f.oldest_seconds,
    'failed_24h', f.failed_24h,
    'gave_up_24h', f.gave_up_24h,
    'errors', f.errors,
    'red', coalesce(f.oldest_seconds > 600, false)
  ))
  into queues
  from figures as f;

  select jsonb_agg(jsonb_build_object(
    'schedule', s.schedule,
    'period_seconds', s.period_seconds,
    'last_started_at', last.started_at,
    'last_finished_at', last.finished_at,
    'last_outcome', last.outcome,
    'last_detail', last.detail,
    'failed_24h', (
      select count(*) from public.function_runs as r
      where r.schedule = s.schedule and r.outcome = 'failed' and r.finished_at >= now() - interval '24 hours'
    ),
    'red', last.finished_at is null or last.finished_at < now() - 3 * s.period_seconds * interval '1 second'
  ) order by s.schedule)
  into schedules
  from public.function_schedules as s
  left join lateral (
    select r.started_at, r.finished_at, r.outcome, r.detail
    from public.function_runs as r
    where r.schedule = s.schedule
    order by r.finished_at desc
    limit 1
  ) as last on true;

  return jsonb_build_object(
    'checked_at', now(),
    'healthy', not (
      exists (select 1 from jsonb_array_elements(queues) as q where (q ->> 'red')::boolean)
      or exists (select 1 from jsonb_array_elements(schedules) as s where (s ->> 'red')::boolean)
    ),
    'queues', queues,
    'schedules', schedules
  );
end;
$function$;

comment on function public.queue_health() is 'Each queue''s waiting items, oldest age and last-24-hour failures, and each schedule''s last run; red flags. Moderators and the service role.';

revoke all on function public.queue_health() from public, anon, authenticated, service_role;
grant execute on function public.queue_health() to authenticated;
grant execute on function public.queue_health() to service_role;
