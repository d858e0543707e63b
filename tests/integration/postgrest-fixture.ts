import { withDatabase } from './support/clients'

/**
 * A schema of its own for PostgREST's embedding, aggregates, computed fields and RPC: clients have
 * projects, projects have tasks, users work on tasks through a junction, each user may have one
 * passport, people have parents, messages have a sender and a receiver (two keys to one table), and a
 * task named `secret` is hidden from the anonymous role by RLS.
 */
const FIXTURE_SQL = `
create table public.pe_clients (id int primary key, name text not null);
create table public.pe_projects (
  id int primary key, name text not null, client_id int references public.pe_clients (id)
);
create table public.pe_tasks (
  id int primary key, name text not null, hours int not null default 1,
  project_id int not null references public.pe_projects (id)
);
create table public.pe_users (id int primary key, name text not null);
create table public.pe_users_tasks (
  user_id int references public.pe_users (id), task_id int references public.pe_tasks (id),
  primary key (user_id, task_id)
);
create table public.pe_passports (
  id int primary key, number text not null, user_id int unique references public.pe_users (id)
);
create table public.pe_people (id int primary key, name text not null, parent_id int references public.pe_people (id));
create table public.pe_messages (
  id int primary key, body text not null,
  sender_id int not null references public.pe_users (id),
  receiver_id int not null references public.pe_users (id)
);
create table public.pe_counters (
  id int generated always as identity primary key, label text not null default 'unnamed', n int not null
);
alter table public.pe_tasks enable row level security;
create policy "secret tasks are hidden from anon" on public.pe_tasks for select to anon using (name <> 'secret');
create policy "everything for the signed in" on public.pe_tasks for select to authenticated, service_role using (true);
grant select on public.pe_clients, public.pe_projects, public.pe_tasks, public.pe_users, public.pe_users_tasks,
  public.pe_passports, public.pe_people, public.pe_messages, public.pe_counters to anon, authenticated, service_role;
grant insert, update, delete on public.pe_projects, public.pe_counters to anon, service_role;

create function public.pe_label(p public.pe_projects) returns text language sql stable
  as $$ select p.name || ' #' || p.id $$;
create function public.pe_big_tasks(p public.pe_projects) returns setof public.pe_tasks language sql stable
  as $$ select * from public.pe_tasks where project_id = p.id and hours >= 5 $$;
create function public.pe_client(p public.pe_projects) returns setof public.pe_clients rows 1 language sql stable
  as $$ select * from public.pe_clients where id = p.client_id $$;

insert into public.pe_clients values (1, 'Acme'), (2, 'Globex'), (3, 'Initech');
insert into public.pe_projects values (1, 'Roadrunner', 1), (2, 'Anvil', 1), (3, 'Hammock', 2), (4, 'Orphan', null);
insert into public.pe_tasks values
  (1, 'design', 3, 1), (2, 'build', 8, 1), (3, 'test', 2, 1), (4, 'forge', 5, 2), (5, 'secret', 13, 3), (6, 'nap', 1, 3);
insert into public.pe_users values (1, 'Ann'), (2, 'Bo'), (3, 'Cy');
insert into public.pe_users_tasks values (1, 1), (1, 2), (2, 2), (2, 4), (3, 5);
insert into public.pe_passports values (1, 'P-100', 1), (2, 'P-200', 2);
insert into public.pe_people values (1, 'Grandma', null), (2, 'Mum', 1), (3, 'Uncle', 1), (4, 'Kid', 2);
insert into public.pe_messages values (1, 'hi Bo', 1, 2), (2, 'hi Ann', 2, 1);
`

const DROP_SQL = `
drop table if exists public.pe_users_tasks, public.pe_passports, public.pe_messages, public.pe_tasks,
  public.pe_projects, public.pe_clients, public.pe_users, public.pe_people, public.pe_counters cascade;
`

export async function createPostgrestFixture(): Promise<void> {
  await withDatabase(async (db) => {
    await db.query(DROP_SQL)
    await db.query(FIXTURE_SQL)
    await db.query(`notify pgrst, 'reload schema'`)
  })
}

export async function dropPostgrestFixture(): Promise<void> {
  await withDatabase((db) => db.query(DROP_SQL))
}

/** Retries `check` until it passes: a `NOTIFY pgrst` is taken up asynchronously. */
export async function eventually(check: () => Promise<void>, tries = 40): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await check()
      return
    } catch (error) {
      if (attempt >= tries) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
