/**
 * ---------------------------------------------------------------------------
 * Shortlists
 * ---------------------------------------------------------------------------
 * Saved homes shared by up to 4 people (shortlist_members). Made by
 * create_shortlist_invitation, gone when its last member leaves. It names no
 * one, so deleting an account leaves the others' shortlist as it was.
 */

create table public.shortlists (
  id uuid not null default gen_random_uuid(),
  created_at timestamp with time zone not null default now(),
  constraint shortlists_pkey PRIMARY KEY (id)
);

comment on table public.shortlists is 'A shortlist of homes shared by its members; written only by the shortlist functions.';

-- The API roles get only what is granted here.
revoke all on table public.shortlists from anon, authenticated, service_role;
grant select on table public.shortlists to authenticated;
grant select, insert, update, delete on table public.shortlists to service_role;

alter table public.shortlists enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Members can view their shortlist"
  on public.shortlists for select to authenticated
  using ((id = ( SELECT public.my_shortlist_id() AS my_shortlist_id)));
