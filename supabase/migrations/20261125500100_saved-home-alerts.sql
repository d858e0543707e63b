/**
 * ---------------------------------------------------------------------------
 * Alerts for saved homes
 * ---------------------------------------------------------------------------
 * A person may choose `Tell me when a saved home changes` (off by default):
 * then a home they saved owes them a push when its price falls, when it goes
 * under offer (Under offer, Sold STC, Let agreed) or when it leaves the market
 * (Sold, Let). The pushes are queued by a trigger in the listing's own
 * transaction and sent by the send-alerts function
 * (supabase/functions/send-alerts/saved-homes.ts) through the same Web Push
 * code as the other alerts, claimed `for update skip locked` and marked sent
 * in the transaction that holds the claim. Neither the landlord (for their own
 * home) nor anyone without the setting gets one. The queue is the server's:
 * no grants to anon or authenticated.
 */

alter table public.profiles add column saved_home_alerts boolean not null default false;

comment on column public.profiles.saved_home_alerts is
  'Tell me when a saved home changes: push when a saved home is reduced, goes under offer or leaves the market.';

-- The profile's owner changes it (the update policy of the profiles migration limits them to their row).
grant update (saved_home_alerts) on public.profiles to authenticated;

create table public.saved_home_pushes (
  id bigint generated always as identity primary key,
  listing_id uuid not null references public.listings (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- reduced: the price a person pays fell; under_offer: under offer, sold STC or let agreed;
  -- off_market: sold or let.
  change text not null,
  status text not null,
  price integer not null,
  previous_price integer,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,

  constraint saved_home_pushes_change_valid check (change in ('reduced', 'under_offer', 'off_market'))
);

comment on table public.saved_home_pushes is
  'Pushes owed for changes of saved homes (one per change and person who saved it); sent by send-alerts.';

create index saved_home_pushes_due on public.saved_home_pushes (next_attempt_at, id) where sent_at is null;
create index saved_home_pushes_listing on public.saved_home_pushes (listing_id);
create index saved_home_pushes_user on public.saved_home_pushes (user_id);

revoke all on public.saved_home_pushes from anon, authenticated, service_role;
revoke all on sequence public.saved_home_pushes_id_seq from anon, authenticated, service_role;
grant select, insert, update, delete on public.saved_home_pushes to service_role;
alter table public.saved_home_pushes enable row level security;

/**
 * After an update of listings: for each listing whose move matters, one push
 * per person who saved it and wants these alerts. One change per update, the
 * biggest: leaving the market, else going under offer (a status change into
 * under_offer, sold_stc or let_agreed), else a fall in price.
 */

create function public.queue_saved_home_pushes()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.saved_home_pushes (listing_id, user_id, change, status, price, previous_price)
  select moved.id, s.user_id, moved.change, moved.status, moved.price, moved.previous_price
  from (
    select
      n.id,
      n.user_ref,
      n.status,
      n.effective_price as price,
      o.effective_price as previous_price,
      case
        when n.status in ('sold', 'let') and n.status is distinct from o.status then 'off_market'
        when n.status in ('under_offer', 'sold_stc', 'let_agreed') and n.status is distinct from o.status
          then 'under_offer'
        when n.effective_price < o.effective_price then 'reduced'
      end as change
    from new_listings as n
    join old_listings as o on o.id = n.id
  ) as moved
  join public.saved_listings as s on s.listing_id = moved.id
  join public.profiles as p on p.id = s.user_id
  where moved.change is not null
    and p.saved_home_alerts
    and s.user_id <> moved.user_ref;
  return null;
end;
$$;

revoke execute on function public.queue_saved_home_pushes() from public, anon, authenticated, service_role;

create trigger listings_queue_saved_home_pushes
  after update on public.listings
  referencing old table as old_listings new table as new_listings
  for each statement execute function public.queue_saved_home_pushes();

/**
 * Claims up to `batch_limit` due pushes (locked until the caller's transaction
 * ends; rows another sender holds are skipped) with what the push says.
 */
create function public.claim_saved_home_pushes(batch_limit integer default 50)
  returns table (
    push_id bigint,
    user_id uuid,
    listing_id uuid,
    listing_name text,
    listing_type text,
    change text,
    status text,
    price integer,
    previous_price integer,
    attempts integer
  )
  language sql
  volatile
  set search_path = ''
as $$
  with due as (
    select q.id, q.user_id, q.listing_id, q.change, q.status, q.price, q.previous_price, q.attempts
    from public.saved_home_pushes as q
    where q.sent_at is null and q.next_attempt_at <= now()
    order by q.next_attempt_at, q.id
    limit batch_limit
    for update skip locked
  )
  select due.id, due.user_id, due.listing_id, l.name, l.type, due.change, due.status, due.price,
    due.previous_price, due.attempts
  from due
  join public.listings as l on l.id = due.listing_id
  order by due.id;
$$;

-- Marks a claimed push sent, or records a failed attempt: retried with backoff, given up after 8 tries.
create function public.finish_saved_home_push(push_id bigint, error text default null)
  returns void
  language sql
  volatile
  set search_path = ''
as $$
  update public.saved_home_pushes as q
  set attempts = q.attempts + 1,
      last_error = finish_saved_home_push.error,
      sent_at = case when finish_saved_home_push.error is null or q.attempts + 1 >= 8 then now() end,
      next_attempt_at = now() + least(power(2, q.attempts + 1), 60) * interval '1 minute'
  where q.id = finish_saved_home_push.push_id;
$$;

revoke execute on function public.claim_saved_home_pushes(integer) from public, anon, authenticated;
revoke execute on function public.finish_saved_home_push(bigint, text) from public, anon, authenticated;
grant execute on function public.claim_saved_home_pushes(integer) to service_role;
grant execute on function public.finish_saved_home_push(bigint, text) to service_role;
