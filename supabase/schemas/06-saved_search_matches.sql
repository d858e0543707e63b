/**
 * ---------------------------------------------------------------------------
 * Matches, for `N new`
 * ---------------------------------------------------------------------------
 * Every (saved search, listing) match, written when the listing is published
 * (whatever the search's alerts), so a person's `N new` counts read a few index
 * entries instead of matching every listing published since. The server's:
 * the app reads it through saved_search_new_counts().
 */

create table public.saved_search_matches (
  saved_search_id uuid not null,
  listing_id uuid not null,
  listing_created_at timestamp with time zone not null,
  constraint saved_search_matches_pkey PRIMARY KEY (saved_search_id, listing_id),
  constraint saved_search_matches_saved_search_id_fkey FOREIGN KEY (saved_search_id) REFERENCES saved_searches(id) ON DELETE CASCADE
);

create index saved_search_matches_listing_idx ON public.saved_search_matches using btree (listing_id);

create index saved_search_matches_newest_idx ON public.saved_search_matches using btree (saved_search_id, listing_created_at DESC);

-- The API roles get only what is granted here.
revoke all on table public.saved_search_matches from anon, authenticated, service_role;
grant select, insert, update, delete on table public.saved_search_matches to service_role;

alter table public.saved_search_matches enable row level security;

-- Live: matches recorded (a home published) or gone (with their listing) reach the searches' owners.
create trigger saved_search_matches_send_live_delete AFTER DELETE ON saved_search_matches REFERENCING OLD TABLE AS changed_matches FOR EACH STATEMENT EXECUTE FUNCTION send_saved_search_live();

create trigger saved_search_matches_send_live_insert AFTER INSERT ON saved_search_matches REFERENCING NEW TABLE AS changed_matches FOR EACH STATEMENT EXECUTE FUNCTION send_saved_search_live();
