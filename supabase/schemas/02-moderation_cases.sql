/**
 * ---------------------------------------------------------------------------
 * Cases, decisions
 * ---------------------------------------------------------------------------
 */

create table public.moderation_cases (
  id bigint generated always as identity,
  listing_id uuid not null,
  opened_at timestamp with time zone not null default now(),
  priority smallint not null default 1,
  appeal_of bigint,
  appeal_note text,
  closed_at timestamp with time zone,
  constraint moderation_cases_pkey PRIMARY KEY (id),
  constraint moderation_cases_appeal_note_length CHECK (char_length(appeal_note) <= 1000),
  constraint moderation_cases_priority_valid CHECK (priority = ANY (ARRAY[0, 1]))
);

comment on table public.moderation_cases is 'The moderation queue: one open case per listing with open reports or an appeal; read through moderation_queue.';

create index moderation_cases_listing ON public.moderation_cases using btree (listing_id);

-- A decision is appealed once.
create unique index moderation_cases_one_appeal ON public.moderation_cases using btree (appeal_of);

create unique index moderation_cases_one_open ON public.moderation_cases using btree (listing_id) WHERE (closed_at IS NULL);

-- The queue's order, for its keyset pages: hidden first, then oldest first.
create index moderation_cases_queue ON public.moderation_cases using btree (priority, opened_at, id) WHERE (closed_at IS NULL);

-- The API roles get only what is granted here.
revoke all on table public.moderation_cases from anon, authenticated, service_role;
grant select on table public.moderation_cases to service_role;

-- Its identity's sequence.
revoke all on sequence moderation_cases_id_seq from anon, authenticated, service_role;

alter table public.moderation_cases enable row level security;
