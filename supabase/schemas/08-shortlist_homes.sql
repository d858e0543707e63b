/**
 * ---------------------------------------------------------------------------
 * Shortlist homes
 * ---------------------------------------------------------------------------
 * The homes of a shortlist and who added each. A member's saved homes are in
 * it (triggers on saved_listings); any member adds or removes a home, and a
 * removed home is unsaved for every member. added_by becomes null when that
 * person's account is deleted: the home stays for the others.
 */

create table public.shortlist_homes (
  shortlist_id uuid not null,
  listing_id uuid not null,
  added_by uuid default auth.uid(),
  created_at timestamp with time zone not null default now(),
  constraint shortlist_homes_pkey PRIMARY KEY (shortlist_id, listing_id),
  constraint shortlist_homes_shortlist_id_fkey FOREIGN KEY (shortlist_id) REFERENCES public.shortlists(id) ON DELETE CASCADE,
  constraint shortlist_homes_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES public.listings(id) ON DELETE CASCADE,
  constraint shortlist_homes_added_by_fkey FOREIGN KEY (added_by) REFERENCES auth.users(id) ON DELETE SET NULL
);

comment on table public.shortlist_homes is 'The homes of a shared shortlist, each with the member who added it (null once that account is deleted).';

-- The primary key serves the policies (shortlist_id first); these serve the cascades.
create index shortlist_homes_listing_id_idx ON public.shortlist_homes using btree (listing_id);
create index shortlist_homes_added_by_idx ON public.shortlist_homes using btree (added_by);

-- The API roles get only what is granted here.
revoke all on table public.shortlist_homes from anon, authenticated, service_role;
grant select, insert, delete on table public.shortlist_homes to authenticated;
grant select, insert, update, delete on table public.shortlist_homes to service_role;

alter table public.shortlist_homes enable row level security;

create trigger stamp_shortlist_home before insert on public.shortlist_homes
  for each row execute function public.stamp_shortlist_home();

create trigger unsave_shortlist_home after delete on public.shortlist_homes
  for each row execute function public.unsave_shortlist_home();

-- Live: the members hear of a home added or removed.
create trigger shortlist_homes_send_live after insert or delete on public.shortlist_homes
  for each row execute function public.send_shortlist_live();

-- A member's saves and unsaves reach the shortlist.
create trigger share_saved_listing after insert or delete on public.saved_listings
  for each row execute function public.share_saved_listing();

/**
 * ---------------------------------------------------------------------------
 * Row level security
 * ---------------------------------------------------------------------------
 */
create policy "Members can add homes to their shortlist"
  on public.shortlist_homes for insert to authenticated
  with check ((shortlist_id = ( SELECT public.my_shortlist_id() AS my_shortlist_id)));

create policy "Members can remove homes from their shortlist"
  on public.shortlist_homes for delete to authenticated
  using ((shortlist_id = ( SELECT public.my_shortlist_id() AS my_shortlist_id)));

create policy "Members can view their shortlist's homes"
  on public.shortlist_homes for select to authenticated
  using ((shortlist_id = ( SELECT public.my_shortlist_id() AS my_shortlist_id)));
