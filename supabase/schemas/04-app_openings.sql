/**
 * ---------------------------------------------------------------------------
 * Emails for landlords who are away
 * ---------------------------------------------------------------------------
 * The app notes when a signed-in person opens it (rpc note_app_open, called on
 * start and when it regains focus, at most once an hour). A message to a
 * landlord owes them an email once they have not opened the app for a day: a
 * row in this queue, written by a trigger in the message's own transaction and
 * due a day after the landlord was last seen (at once if that was longer ago).
 * The send-emails function claims due rows with `for update skip locked`, sends
 * each through the project's mail API, and marks it sent in the transaction
 * that holds the claim; a failure is retried with backoff.
 *
 * One email per conversation per quiet period, not one per message: while an
 * email for a conversation waits, later messages join it; once one was sent,
 * no other goes for that conversation until the landlord has opened the app
 * again. A landlord who opens the app or reads the conversation before the
 * email is due is not emailed (the row is settled as skipped).
 */

create table public.app_openings (
  user_id uuid not null,
  last_seen_at timestamp with time zone not null default now(),
  constraint app_openings_pkey PRIMARY KEY (user_id),
  constraint app_openings_user_id_fkey FOREIGN KEY (user_id) REFERENCES profiles(id) ON DELETE CASCADE
);

comment on table public.app_openings is 'When each person last opened the app (to the hour), for emails to people who are away.';

-- The API roles get only what is granted here.
revoke all on table public.app_openings from anon, authenticated, service_role;
grant select on table public.app_openings to authenticated;
grant select, insert, update, delete on table public.app_openings to service_role;

alter table public.app_openings enable row level security;

create policy "app_openings: a person reads their own"
  on public.app_openings for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));
