/**
 * ---------------------------------------------------------------------------
 * Notices: what Roost tells people about decisions (shown in Messages)
 * ---------------------------------------------------------------------------
 */

create table public.moderation_notices (
  id bigint generated always as identity,
  person_id uuid not null,
  decision_id bigint,
  body text not null,
  created_at timestamp with time zone not null default now(),
  constraint moderation_notices_pkey PRIMARY KEY (id),
  constraint moderation_notices_person_id_fkey FOREIGN KEY (person_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.moderation_notices is 'Messages from Roost about moderation decisions, to reporters and landlords; each person reads their own.';

create index moderation_notices_decision ON public.moderation_notices using btree (decision_id);

create index moderation_notices_person ON public.moderation_notices using btree (person_id, created_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.moderation_notices from anon, authenticated, service_role;
grant select on table public.moderation_notices to authenticated;
grant select on table public.moderation_notices to service_role;

-- Its identity's sequence.
revoke all on sequence moderation_notices_id_seq from anon, authenticated, service_role;

alter table public.moderation_notices enable row level security;

create policy "People can read their own notices"
  on public.moderation_notices for select to authenticated
  using ((person_id = ( SELECT auth.uid() AS uid)));
