/**
 * ---------------------------------------------------------------------------
 * Profiles
 * ---------------------------------------------------------------------------
 * One row per auth user: the name shown on the contact page and the email it
 * writes to. Rows are made and kept in step by triggers on auth.users, so the
 * API never inserts or deletes them, and nobody can read anyone else's row
 * (a landlord's contact details go through public.landlord_contact only).
 */

create table public.profiles (
  id uuid not null,
  name text not null default ''::text,
  email text,
  created_at timestamp with time zone not null default now(),
  show_email boolean not null default true,
  saved_home_alerts boolean not null default false,
  constraint profiles_pkey PRIMARY KEY (id),
  constraint profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.profiles is 'Public-facing details of an auth user; one row per auth.users row.';
comment on column public.profiles.email is 'Mirrors auth.users.email; changed only through Supabase Auth.';
comment on column public.profiles.show_email is 'Show my email to visitors: whether landlord_contact gives this person''s email (on by default).';
comment on column public.profiles.saved_home_alerts is 'Tell me when a saved home changes: push when a saved home is reduced, goes under offer or leaves the market.';

-- The API roles get only what is granted here.
revoke all on table public.profiles from anon, authenticated, service_role;
grant select on table public.profiles to authenticated;
grant select, update, delete on table public.profiles to service_role;
grant update (name, show_email, saved_home_alerts) on table public.profiles to authenticated;

alter table public.profiles enable row level security;

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Users can update their own profile"
  on public.profiles for update to authenticated
  using ((id = ( SELECT auth.uid() AS uid)))
  with check ((id = ( SELECT auth.uid() AS uid)));

create policy "Users can view their own profile"
  on public.profiles for select to authenticated
  using ((id = ( SELECT auth.uid() AS uid)));
