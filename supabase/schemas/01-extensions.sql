-- Extensions Roost uses beyond the platform's own. Hosted Supabase keeps them in the `extensions`
-- schema, so their operator classes and functions are qualified or found through the search path.

create extension if not exists btree_gist with schema extensions;
create extension if not exists pg_trgm with schema extensions;
