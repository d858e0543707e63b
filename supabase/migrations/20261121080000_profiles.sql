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
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null default '',
  email text,
  created_at timestamptz not null default now()
);

comment on table public.profiles is 'Public-facing details of an auth user; one row per auth.users row.';
comment on column public.profiles.email is 'Mirrors auth.users.email; changed only through Supabase Auth.';

/**
 * ---------------------------------------------------------------------------
 * Privileges
 * ---------------------------------------------------------------------------
 * Explicit grants: hosted projects no longer expose new tables by default,
 * and older ones expose them to everyone, so start from nothing either way.
 * Users may change their own name; the email follows Auth.
 */

revoke all on public.profiles from anon, authenticated, service_role;
grant select, update (name) on public.profiles to authenticated;
grant select, update, delete on public.profiles to service_role;

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */

alter table public.profiles enable row level security;

create policy "Users can view their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));

create policy "Users can update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

/**
 * ---------------------------------------------------------------------------
 * Keeping profiles in step with auth.users
 * ---------------------------------------------------------------------------
 * Security definer because Supabase Auth writes auth.users as its own role;
 * an empty search_path keeps the function from resolving names a caller chose.
 */

-- Name from the sign-up form (`name`), else Google's `full_name`, else the email's local part.
create function public.handle_new_user()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  insert into public.profiles (id, name, email)
  values (
    new.id,
    coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
      nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
      nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
      ''
    ),
    new.email
  );
  return new;
end;
$$;

create function public.handle_user_email_change()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return new;
end;
$$;

-- Trigger functions are not API endpoints.
revoke execute on function public.handle_new_user() from public, anon, authenticated, service_role;
revoke execute on function public.handle_user_email_change() from public, anon, authenticated, service_role;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();
