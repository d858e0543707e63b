-- The roles and memberships a hosted Supabase project has, re-applied at every start (idempotent),
-- as the cluster's superuser. `postgres` owns the project's schema but is not a superuser; each
-- service connects as its own role; `authenticator` may only become anon, authenticated or
-- service_role. Shapes follow supabase/postgres's init scripts and its "demote postgres" migration.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login;
  end if;
  -- A cluster made before `postgres` was demoted has it as its bootstrap superuser, which cannot be
  -- demoted; such a database keeps working, with migrations applied as a superuser.
  if not (select rolsuper from pg_roles where rolname = 'postgres') then
    alter role postgres nosuperuser createdb createrole login replication bypassrls;
  end if;
end
$$;

alter role authenticator login noinherit nocreaterole nocreatedb nobypassrls;
alter role supabase_auth_admin login noinherit;
alter role supabase_storage_admin login noinherit;

-- authenticator becomes exactly these roles and nothing else.
do $$
declare m record;
begin
  for m in
    select g.rolname from pg_auth_members am
    join pg_roles g on g.oid = am.roleid
    where am.member = 'authenticator'::regrole and g.rolname not in ('anon', 'authenticated', 'service_role')
  loop
    execute format('revoke %I from authenticator', m.rolname);
  end loop;
end
$$;
grant anon, authenticated, service_role to authenticator;
grant authenticator to supabase_storage_admin;

-- postgres, as hosted Supabase leaves it after demotion. Membership of the service roles stands in
-- for supautils, which lets hosted postgres manage triggers and policies on auth and storage tables.
grant all on database postgres to postgres;
grant all on schema public, extensions to postgres;
grant usage on schema auth, storage to postgres;
grant all on all tables in schema auth, storage, extensions to postgres;
grant all on all sequences in schema auth, storage, extensions to postgres;
grant all on all routines in schema auth, storage, extensions to postgres;
grant anon, authenticated, service_role to postgres with admin option;
grant supabase_auth_admin, supabase_storage_admin to postgres;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;
alter schema extensions owner to postgres;
alter role postgres set search_path = "$user", public, extensions;

-- The services' own needs.
grant usage on schema extensions to supabase_auth_admin, supabase_storage_admin;
grant execute on all functions in schema extensions to supabase_auth_admin;
alter role supabase_auth_admin set search_path = auth, extensions;
alter role supabase_storage_admin set search_path = storage, extensions;
alter role authenticator set statement_timeout = '8s';
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- The CLI's migration history is written by whoever pushes migrations: postgres.
grant usage on schema supabase_migrations to postgres;
grant all on all tables in schema supabase_migrations to postgres;
