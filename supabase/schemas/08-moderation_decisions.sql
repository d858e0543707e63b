/**
 * ---------------------------------------------------------------------------
 * Cases, decisions
 * ---------------------------------------------------------------------------
 */

create table public.moderation_decisions (
  id bigint generated always as identity,
  case_id bigint not null,
  listing_id uuid not null,
  listing_name text not null,
  landlord_id uuid not null,
  moderator_id uuid,
  decision text not null,
  reason text not null default ''::text,
  note text not null default ''::text,
  on_appeal boolean not null default false,
  decided_at timestamp with time zone not null default now(),
  constraint moderation_decisions_pkey PRIMARY KEY (id),
  constraint moderation_decisions_decision_valid CHECK (decision = ANY (ARRAY['keep-listed'::text, 'take-down'::text, 'ask-to-fix'::text])),
  constraint moderation_decisions_note_length CHECK (char_length(note) <= 1000),
  constraint moderation_decisions_case_id_fkey FOREIGN KEY (case_id) REFERENCES moderation_cases(id) ON DELETE CASCADE,
  constraint moderation_decisions_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint moderation_decisions_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE,
  constraint moderation_decisions_moderator_id_fkey FOREIGN KEY (moderator_id) REFERENCES auth.users(id) ON DELETE SET NULL
);

comment on table public.moderation_decisions is 'What moderators decided about listings; read through moderation functions, never directly.';

create index moderation_decisions_case ON public.moderation_decisions using btree (case_id);

create index moderation_decisions_landlord ON public.moderation_decisions using btree (landlord_id, decided_at DESC);

create index moderation_decisions_listing ON public.moderation_decisions using btree (listing_id);

create index moderation_decisions_moderator ON public.moderation_decisions using btree (moderator_id);

-- The API roles get only what is granted here.
revoke all on table public.moderation_decisions from anon, authenticated, service_role;
grant select on table public.moderation_decisions to service_role;

-- Its identity's sequence.
revoke all on sequence moderation_decisions_id_seq from anon, authenticated, service_role;

alter table public.moderation_decisions enable row level security;

-- On moderation_cases, written here because it names this table, which needs moderation_cases first.
alter table public.moderation_cases add constraint moderation_cases_appeal_of_fkey FOREIGN KEY (appeal_of) REFERENCES moderation_decisions(id) ON DELETE CASCADE;

-- On moderation_notices, written here because it names this table, which needs moderation_notices first.
alter table public.moderation_notices add constraint moderation_notices_decision_id_fkey FOREIGN KEY (decision_id) REFERENCES moderation_decisions(id) ON DELETE SET NULL;
