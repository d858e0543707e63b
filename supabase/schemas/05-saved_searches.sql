/**
 * ---------------------------------------------------------------------------
 * Saved searches
 * ---------------------------------------------------------------------------
 * The client may choose the id, so a search saved offline and sent twice is
 * stored once. The match_* columns are what matching a new listing reads:
 * the type and price range (generated), the search's values and lookup key
 * (written with params by resolve_saved_search).
 * A person saves a search once: params is the search as parseHomeSearch
 * normalizes it, and jsonb compares it whatever the order of its keys.
 */

create table public.saved_searches (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  name text not null,
  params jsonb not null default '{}'::jsonb,
  alerts text not null default 'off'::text,
  last_opened_at timestamp with time zone not null default now(),
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  match_type text generated always as (params ->> 'type'::text) stored,
  match_price int4range generated always as (
CASE
    WHEN (((params ->> 'minPrice'::text))::integer > ((params ->> 'maxPrice'::text))::integer) THEN 'empty'::int4range
    ELSE int4range(COALESCE(((params ->> 'minPrice'::text))::integer, 0), ((params ->> 'maxPrice'::text))::integer, '[]'::text)
END) stored,
  match jsonb,
  match_lookup text,
  constraint saved_searches_pkey PRIMARY KEY (id),
  constraint saved_searches_owner_params_key UNIQUE (user_id, params),
  constraint saved_searches_alerts_valid CHECK (alerts = ANY (ARRAY['off'::text, 'instant'::text, 'daily'::text])),
  constraint saved_searches_name_length CHECK (char_length(name) >= 1 AND char_length(name) <= 80),
  constraint saved_searches_name_trimmed CHECK (name !~ '^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'::text AND name !~ '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'::text),
  constraint saved_searches_price_order CHECK (jsonb_typeof(params -> 'minPrice'::text) IS DISTINCT FROM 'number'::text OR jsonb_typeof(params -> 'maxPrice'::text) IS DISTINCT FROM 'number'::text OR (params -> 'minPrice'::text) <= (params -> 'maxPrice'::text)),
  constraint saved_searches_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.saved_searches is 'A person''s saved searches of /search, at most 20 each.';
comment on column public.saved_searches.params is 'The search as /search''s URL holds it after parseHomeSearch, without view.';
comment on column public.saved_searches.last_opened_at is 'When the person last opened the search; listings published after it are new to them.';
comment on column public.saved_searches.match is 'The search''s values as home_search_where reads them (home_search_values), written with params by resolve_saved_search.';
comment on column public.saved_searches.match_lookup is 'The key a new listing finds the search by (saved_search_lookup): its place, its area''s cell, its longest keyword''s start, or its type.';

-- A new listing finds the searches it may match by their lookup key (listing_lookup_keys), the type and price
-- range checked in the index.
create index saved_searches_match_lookup_idx ON public.saved_searches using btree (match_lookup) INCLUDE (match_type, match_price);

create index saved_searches_user_idx ON public.saved_searches using btree (user_id, created_at);

-- The API roles get only what is granted here.
revoke all on table public.saved_searches from anon, authenticated, service_role;
grant select, insert, update, delete on table public.saved_searches to authenticated;
grant select, insert, update, delete on table public.saved_searches to service_role;

alter table public.saved_searches enable row level security;

/**
 * Server-owned columns and the limit. For everyone, user_id and created_at
 * never change; updated_at records a change of name, parameters or alerts;
 * last_opened_at starts at created_at and is never in the future. For API callers an insert gets the
 * caller's id and the server's time. At most 20 searches a person: a per-person
 * lock makes two concurrent inserts count one after the other, and an insert of
 * an id that exists is let through so `on conflict do nothing` can skip it.
 */
create policy "Users can delete their own saved searches"
  on public.saved_searches for delete to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can read their own saved searches"
  on public.saved_searches for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can save searches in their own name"
  on public.saved_searches for insert to authenticated
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users can update their own saved searches"
  on public.saved_searches for update to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)))
  with check ((user_id = ( SELECT auth.uid() AS uid)));

/**
 * A saved search's params are a valid search (home_search_problem; refused with its message, 22023) without
 * a view, and its match values and lookup key follow them.
 */
create trigger saved_searches_resolve BEFORE INSERT OR UPDATE OF params ON saved_searches FOR EACH ROW EXECUTE FUNCTION resolve_saved_search();

create trigger saved_searches_stamp BEFORE INSERT OR UPDATE ON saved_searches FOR EACH ROW EXECUTE FUNCTION stamp_saved_search();
