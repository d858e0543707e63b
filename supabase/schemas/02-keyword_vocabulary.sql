-- ---------------------------------------------------------------------------
-- Keyword vocabulary: every word a listing has had
-- ---------------------------------------------------------------------------
-- Every keyword token (keyword_tokens) of every listing written, kept by the triggers on listings
-- (remember_keyword_words) and never pruned, so that the words starting with a prefix are a range of this
-- table's key. A search turns its keywords' prefixes into those words (home_search_exact): `gard` into
-- `'garden' | 'gardens'`. Postgres reads an exact word from its GIN index as a posting list that an AND
-- with another word or a place can skip through, where a prefix (`'gard':*`) first gathers every match into
-- a bitmap (at 1,000,000 homes `garden parking` counted in 135 ms as prefixes, 28 as words). A word of a
-- deleted listing stays: it matches nothing, as a prefix would not. Read only through the search functions.

create table public.keyword_vocabulary (
  word text collate "C" not null,
  constraint keyword_vocabulary_pkey PRIMARY KEY (word)
);

comment on table public.keyword_vocabulary is 'Every keyword token any listing has had, so that a search can turn a prefix into the words it stands for.';

revoke all on table public.keyword_vocabulary from anon, authenticated, service_role;
grant select on table public.keyword_vocabulary to service_role;

alter table public.keyword_vocabulary enable row level security;
