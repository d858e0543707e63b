/**
 * ---------------------------------------------------------------------------
 * Shortlist invitations
 * ---------------------------------------------------------------------------
 * A link for one person to join a shortlist. The token is random (244 bits)
 * and only its SHA-256 is kept, so the table cannot be used to join. Valid 7
 * days, used once, revocable; written only by the shortlist functions.
 */

create table public.shortlist_invitations (
  id uuid not null default gen_random_uuid(),
  shortlist_id uuid not null,
  invited_by uuid,
  token_hash bytea not null,
  created_at timestamp with time zone not null default now(),
  expires_at timestamp with time zone not null default (now() + '7 days'::interval),
  used_at timestamp with time zone,
  used_by uuid,
  revoked_at timestamp with time zone,
  constraint shortlist_invitations_pkey PRIMARY KEY (id),
  constraint shortlist_invitations_token_hash_key UNIQUE (token_hash),
  constraint shortlist_invitations_token_hash_sha256 CHECK (octet_length(token_hash) = 32),
  constraint shortlist_invitations_seven_days CHECK (expires_at > created_at AND expires_at <= (created_at + '7 days'::interval)),
  constraint shortlist_invitations_used_once CHECK (used_by IS NULL OR used_at IS NOT NULL),
  constraint shortlist_invitations_shortlist_id_fkey FOREIGN KEY (shortlist_id) REFERENCES public.shortlists(id) ON DELETE CASCADE,
  constraint shortlist_invitations_invited_by_fkey FOREIGN KEY (invited_by) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint shortlist_invitations_used_by_fkey FOREIGN KEY (used_by) REFERENCES auth.users(id) ON DELETE SET NULL
);

comment on table public.shortlist_invitations is 'Links to join a shortlist: the token''s SHA-256 only; 7 days, once, revocable.';

create index shortlist_invitations_shortlist_idx ON public.shortlist_invitations using btree (shortlist_id);
create index shortlist_invitations_invited_by_idx ON public.shortlist_invitations using btree (invited_by);
create index shortlist_invitations_used_by_idx ON public.shortlist_invitations using btree (used_by);

-- The API roles get only what is granted here; the hash stays with the server.
revoke all on table public.shortlist_invitations from anon, authenticated, service_role;
grant select (id, shortlist_id, invited_by, created_at, expires_at, used_at, revoked_at) on table public.shortlist_invitations to authenticated;
grant select, insert, update, delete on table public.shortlist_invitations to service_role;

alter table public.shortlist_invitations enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Members can view their shortlist's invitations"
  on public.shortlist_invitations for select to authenticated
  using ((shortlist_id = ( SELECT public.my_shortlist_id() AS my_shortlist_id)));
