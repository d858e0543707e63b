/**
 * ---------------------------------------------------------------------------
 * The audit trail (append-only)
 * ---------------------------------------------------------------------------
 * Every decision, appeal and role change: who, when, on what, and why. No
 * role may write it through the API (no grants); the moderation functions
 * write it as its owner, and the trigger refuses any update or delete, the
 * owner's included.
 */

create table public.moderation_audit (
  id bigint generated always as identity,
  at timestamp with time zone not null default now(),
  actor_id uuid,
  actor_email text,
  action text not null,
  listing_id uuid,
  listing_name text,
  subject_id uuid,
  subject_email text,
  reason text not null default ''::text,
  note text not null default ''::text,
  constraint moderation_audit_pkey PRIMARY KEY (id),
  constraint moderation_audit_action_valid CHECK (action = ANY (ARRAY['keep-listed'::text, 'take-down'::text, 'ask-to-fix'::text, 'appeal'::text, 'role-granted'::text, 'role-removed'::text]))
);

comment on table public.moderation_audit is 'Append-only record of every moderation decision, appeal and moderator role change; moderators read it.';

-- The API roles get only what is granted here.
revoke all on table public.moderation_audit from anon, authenticated, service_role;
grant select on table public.moderation_audit to service_role;

-- Its identity's sequence.
revoke all on sequence moderation_audit_id_seq from anon, authenticated, service_role;

alter table public.moderation_audit enable row level security;

create policy "The service role can read the audit trail"
  on public.moderation_audit for select to service_role
  using (true);

create trigger moderation_audit_append_only BEFORE DELETE OR UPDATE ON moderation_audit FOR EACH ROW EXECUTE FUNCTION refuse_audit_change();

create trigger moderation_audit_no_truncate BEFORE TRUNCATE ON moderation_audit FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_change();
