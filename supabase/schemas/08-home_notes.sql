/**
 * ---------------------------------------------------------------------------
 * Home notes
 * ---------------------------------------------------------------------------
 * A person's note on a saved home (up to 1,000 characters) and their 👍 / 👎
 * (vote), one row per person and home. Private to the author, except inside a
 * shortlist: shortlist_id is the author's shortlist while they are in one,
 * and its members read the note. When the author's account is deleted the
 * note stays in the shortlist with author_id null (shown from `Deleted user`).
 */

create table public.home_notes (
  id uuid not null default gen_random_uuid(),
  author_id uuid default auth.uid(),
  listing_id uuid not null,
  shortlist_id uuid,
  body text not null default ''::text,
  vote text,
  created_at timestamp with time zone not null default now(),
  updated_at timestamp with time zone not null default now(),
  constraint home_notes_pkey PRIMARY KEY (id),
  constraint home_notes_author_listing_key UNIQUE (author_id, listing_id),
  constraint home_notes_body_length CHECK (char_length(body) <= 1000),
  constraint home_notes_vote_valid CHECK (vote = ANY (ARRAY['up'::text, 'down'::text])),
  constraint home_notes_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint home_notes_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES public.listings(id) ON DELETE CASCADE,
  constraint home_notes_shortlist_id_fkey FOREIGN KEY (shortlist_id) REFERENCES public.shortlists(id) ON DELETE SET NULL
);

comment on table public.home_notes is 'Notes and votes on saved homes: the author''s, and their shortlist''s members'' to read.';
comment on column public.home_notes.vote is 'up (👍), down (👎) or null.';

-- The unique key serves the author's policies; these serve the shortlist's and the cascades.
create index home_notes_shortlist_idx ON public.home_notes using btree (shortlist_id, listing_id);
create index home_notes_listing_id_idx ON public.home_notes using btree (listing_id);

-- The API roles get only what is granted here.
revoke all on table public.home_notes from anon, authenticated, service_role;
grant select, insert, delete on table public.home_notes to authenticated;
grant update (body, vote) on table public.home_notes to authenticated;
grant select, insert, update, delete on table public.home_notes to service_role;

alter table public.home_notes enable row level security;

create trigger stamp_home_note before insert or update on public.home_notes
  for each row execute function public.stamp_home_note();

create trigger forget_orphan_note after update of author_id, shortlist_id on public.home_notes
  for each row execute function public.forget_orphan_note();

-- Live: the shortlist's members hear of a note or vote written, changed or deleted.
create trigger home_notes_send_live after insert or delete or update on public.home_notes
  for each row execute function public.send_shortlist_live();

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Authors can delete their notes"
  on public.home_notes for delete to authenticated
  using ((author_id = ( SELECT auth.uid() AS uid)));

create policy "Authors can write notes"
  on public.home_notes for insert to authenticated
  with check ((author_id = ( SELECT auth.uid() AS uid)));

create policy "Authors can edit their notes"
  on public.home_notes for update to authenticated
  using ((author_id = ( SELECT auth.uid() AS uid)))
  with check ((author_id = ( SELECT auth.uid() AS uid)));

create policy "Authors and their shortlist can view notes"
  on public.home_notes for select to authenticated
  using (((author_id = ( SELECT auth.uid() AS uid)) OR (shortlist_id = ( SELECT public.my_shortlist_id() AS my_shortlist_id))));
