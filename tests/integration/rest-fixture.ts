import { randomUUID } from 'node:crypto'
import { signJwt } from '@roost/local-supabase/core/jwt'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { inject } from 'vitest'
import WebSocket from 'ws'
import { withDatabase } from './support/clients'

/** Owners and items of the fixture; item rows cover nulls, quoting and every operator the tests use. */
export const OWNER_ID = '0a000000-0000-4000-8000-000000000001'
export const ALICE_ID = randomUUID()
export const BOB_ID = randomUUID()

const FIXTURE_SQL = `
create table public.rest_fixture_owners (
  id uuid primary key default gen_random_uuid(),
  name text not null
);
create table public.rest_fixture_items (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  title text not null,
  price int not null check (price >= 0),
  note text,
  tags text[] not null default '{}',
  data jsonb,
  created_at timestamptz not null default '2026-01-02T03:04:05.123456Z',
  owner_id uuid references public.rest_fixture_owners (id),
  user_ref uuid default auth.uid()
);
create table public.rest_fixture_inbox (
  id uuid primary key default gen_random_uuid(),
  message text not null
);
alter table public.rest_fixture_owners enable row level security;
alter table public.rest_fixture_items enable row level security;
alter table public.rest_fixture_inbox enable row level security;
grant select on public.rest_fixture_owners to anon, authenticated;
grant select on public.rest_fixture_items to anon, authenticated;
grant insert, update, delete on public.rest_fixture_items to authenticated;
grant insert on public.rest_fixture_inbox to anon, authenticated;
create policy "owners are public" on public.rest_fixture_owners for select to anon, authenticated using (true);
create policy "hidden items are invisible" on public.rest_fixture_items for select to anon, authenticated
  using (note is distinct from 'hidden');
create policy "users add their own items" on public.rest_fixture_items for insert to authenticated
  with check (user_ref = auth.uid());
create policy "users edit their own items" on public.rest_fixture_items for update to authenticated
  using (user_ref = auth.uid()) with check (user_ref = auth.uid());
create policy "users delete their own items" on public.rest_fixture_items for delete to authenticated
  using (user_ref = auth.uid());
create policy "anyone may post to the inbox" on public.rest_fixture_inbox for insert to anon, authenticated
  with check (true);

create function public.rest_fixture_search(q text, max_price int default null)
returns setof public.rest_fixture_items language sql stable as $$
  select * from public.rest_fixture_items
  where title ilike '%' || q || '%' and (max_price is null or price <= max_price) order by price
$$;
create function public.rest_fixture_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function public.rest_fixture_whoami() returns text language sql stable as $$ select auth.uid()::text $$;
create function public.rest_fixture_post(message text) returns void language sql as $$
  insert into public.rest_fixture_inbox (message) values (message)
$$;
create function public.rest_fixture_price_list(min_price int)
returns table (slug text, price int) language sql stable as $$
  select slug, price from public.rest_fixture_items where price >= min_price order by price
$$;
create function public.rest_fixture_echo(payload jsonb) returns jsonb language sql immutable as $$ select payload $$;
`

const DROP_SQL = `
drop function if exists public.rest_fixture_search, public.rest_fixture_add, public.rest_fixture_whoami,
  public.rest_fixture_post, public.rest_fixture_price_list, public.rest_fixture_echo;
drop table if exists public.rest_fixture_items, public.rest_fixture_owners, public.rest_fixture_inbox;
delete from auth.users where email like '%@rest-fixture.test';
`

/** Twelve items; two belong to Alice, one is hidden by RLS. */
export const ITEMS = [
  { slug: 'oslo-flat', title: 'Oslo Flat', price: 1200, note: 'sunny', tags: ['city'], data: { rooms: 2 } },
  { slug: 'bergen-house', title: 'Bergen House', price: 2500, note: null, tags: ['sea'], data: { rooms: 5 } },
  { slug: 'a,b', title: 'Comma Cottage', price: 800, note: 'comma', tags: [], data: null },
  { slug: 'x(y)', title: 'Paren Palace', price: 3000, note: null, tags: [], data: null },
  { slug: 'say "hi"', title: 'Quote Quarters', price: 950, note: 'quotes', tags: [], data: null },
  { slug: 'tromso-cabin', title: 'Tromso Cabin', price: 700, note: 'cold', tags: ['north'], data: null },
  { slug: 'stavanger-loft', title: 'Stavanger Loft', price: 1500, note: null, tags: [], data: null },
  { slug: 'drammen-room', title: 'drammen room', price: 400, note: 'cheap', tags: [], data: null },
  { slug: 'lillehammer-lodge', title: 'Lillehammer Lodge', price: 1800, note: 'ski', tags: [], data: null },
  { slug: 'secret-villa', title: 'Secret Villa', price: 9000, note: 'hidden', tags: [], data: null },
  {
    slug: 'alice-one',
    title: 'Alice One',
    price: 1000,
    note: 'alice',
    tags: [],
    data: null,
    user_ref: 'alice',
  },
  {
    slug: 'alice-two',
    title: 'Alice Two',
    price: 1100,
    note: 'alice',
    tags: [],
    data: null,
    user_ref: 'alice',
  },
] as const

/** Creates the fixture tables, policies, functions, users and rows (as the superuser). */
export async function createFixture(): Promise<void> {
  await withDatabase(async (db) => {
    await db.query(DROP_SQL)
    await db.query(FIXTURE_SQL)
    const users: [string, string][] = [
      [ALICE_ID, 'alice'],
      [BOB_ID, 'bob'],
    ]
    for (const [id, name] of users) {
      await db.query(
        `insert into auth.users (id, email, aud, role) values ($1, $2, 'authenticated', 'authenticated')`,
        [id, `${name}-${id.slice(0, 8)}@rest-fixture.test`],
      )
    }
    await db.query('insert into public.rest_fixture_owners (id, name) values ($1, $2)', [OWNER_ID, 'Olga'])
    for (const item of ITEMS) {
      await db.query(
        `insert into public.rest_fixture_items (slug, title, price, note, tags, data, owner_id, user_ref)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          item.slug,
          item.title,
          item.price,
          item.note,
          item.tags,
          item.data === null ? null : JSON.stringify(item.data),
          OWNER_ID,
          'user_ref' in item ? ALICE_ID : null,
        ],
      )
    }
  })
}

export async function dropFixture(): Promise<void> {
  await withDatabase((db) => db.query(DROP_SQL))
}

/** A supabase-js client whose requests carry a JWT signed with the project secret. */
export async function clientWithToken(claims: Record<string, unknown>): Promise<SupabaseClient> {
  const token = await signJwt(claims, inject('jwtSecret'))
  return createClient(inject('apiUrl'), inject('anonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

/** A client signed in as a user of the fixture (role `authenticated`, `sub` = the user's id). */
export function userClient(id: string): Promise<SupabaseClient> {
  const now = Math.floor(Date.now() / 1000)
  return clientWithToken({ sub: id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 })
}

/** Raw fetch against /rest/v1 with the anon key, for what supabase-js cannot express. */
export function restFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  if (!headers.has('apikey')) headers.set('apikey', inject('anonKey'))
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${inject('anonKey')}`)
  return fetch(`${inject('apiUrl')}/rest/v1/${path}`, { ...init, headers })
}
