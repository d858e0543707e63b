-- Hosted Supabase tells PostgREST to reload its schema cache after any DDL, through two event triggers
-- in the `extensions` schema. The same here, re-applied at every start as the cluster's superuser (event
-- triggers need one), so a migration's tables, views, functions and keys are served as soon as it commits.

create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql as $watch$
begin
  if exists (
    select 1 from pg_event_trigger_ddl_commands() c
    where c.schema_name is distinct from 'pg_temp'
      and c.command_tag in (
        'CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE',
        'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW', 'ALTER VIEW',
        'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION', 'ALTER FUNCTION',
        'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE', 'CREATE RULE', 'COMMENT')
  ) then
    notify pgrst, 'reload schema';
  end if;
end
$watch$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger
language plpgsql as $watch$
begin
  if exists (
    select 1 from pg_event_trigger_dropped_objects() o
    where not o.is_temporary
      and o.object_type in ('schema', 'table', 'foreign table', 'view', 'materialized view', 'function',
        'trigger', 'type', 'rule')
  ) then
    notify pgrst, 'reload schema';
  end if;
end
$watch$;

do $$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_drop_watch();
  end if;
end
$$;
