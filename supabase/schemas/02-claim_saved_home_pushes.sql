/**
 * Claims up to `batch_limit` due pushes (locked until the caller's transaction
 * ends; rows another sender holds are skipped) with what the push says.
 */

create or replace function public.claim_saved_home_pushes(batch_limit integer default 50)
  returns table(push_id bigint, user_id uuid, listing_id uuid, listing_name text, listing_type text, change text, status text, price integer, previous_price integer, attempts integer)
  language sql
  set search_path to ''
as $function$
  with due as (
    select q.id, q.user_id, q.listing_id, q.change, q.status, q.price, q.previous_price, q.attempts
    from public.saved_home_pushes as q
    where q.sent_at is null and q.gave_up_at is null and q.next_attempt_at <= now()
    order by q.next_attempt_at, q.id
    limit batch_limit
    for update skip locked
  )
  select due.id, due.user_id, due.listing_id, l.name, l.type, due.change, due.status, due.price,
    due.previous_price, due.attempts
  from due
  join public.listings as l on l.id = due.listing_id
  order by due.id;
$function$;

revoke all on function public.claim_saved_home_pushes(batch_limit integer) from public, anon, authenticated, service_role;
grant execute on function public.claim_saved_home_pushes(batch_limit integer) to service_role;
