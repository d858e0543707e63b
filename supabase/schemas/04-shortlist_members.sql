/**
 * ---------------------------------------------------------------------------
 * Shortlist members
 * ---------------------------------------------------------------------------
 * Who shares a shortlist: a person is in one shortlist at most, and a
 * shortlist has at most 4 members, each holding one of its seats 1 to 4 (the
 * constraints are the limit; accept_shortlist_invitation gives the words).
 * name is the profile name at joining, so members see each other's names
 * without reading profiles. Written only by the shortlist functions.
 */

create table public.shortlist_members (
  user_id uuid not null,
  shortlist_id uuid not null,
  seat smallint not null,
  name text not null default ''::text,
  joined_at timestamp with time zone not null default now(),
  constraint shortlist_members_pkey PRIMARY KEY (user_id),
  constraint shortlist_members_seat_key UNIQUE (shortlist_id, seat),
  constraint shortlist_members_seat_range CHECK (seat >= 1 AND seat <= 4),
  constraint shortlist_members_name_length CHECK (char_length(name) <= 80),
  constraint shortlist_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint shortlist_members_shortlist_id_fkey FOREIGN KEY (shortlist_id) REFERENCES public.shortlists(id) ON DELETE CASCADE
);

comment on table public.shortlist_members is 'The people of a shortlist: one shortlist a person, seats 1 to 4 a shortlist.';

-- The API roles get only what is granted here.
revoke all on table public.shortlist_members from anon, authenticated, service_role;
grant select on table public.shortlist_members to authenticated;
grant select, insert, update, delete on table public.shortlist_members to service_role;

alter table public.shortlist_members enable row level security;

create trigger forget_empty_shortlist after delete on public.shortlist_members
  for each row execute function public.forget_empty_shortlist();

-- Live: the members hear of someone joining or leaving.
create trigger shortlist_members_send_live after insert or delete on public.shortlist_members
  for each row execute function public.send_shortlist_live();

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Members can view the members of their shortlist"
  on public.shortlist_members for select to authenticated
  using ((shortlist_id = ( SELECT public.my_shortlist_id() AS my_shortlist_id)));
