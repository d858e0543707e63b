/**
 * The listings hidden while reports wait for review: one row per listing, kept
 * by the triggers on listing_reports and public.review_listing_reports only.
 * Readable by everyone (it holds no more than which listings are hidden), as
 * the listings' select policy consults it for every caller.
 */

create table public.listing_review_holds (
  listing_id uuid not null,
  landlord_id uuid not null,
  held_at timestamp with time zone not null default now(),
  kind text not null default 'reports'::text,
  constraint listing_review_holds_pkey PRIMARY KEY (listing_id),
  constraint listing_review_holds_kind_valid CHECK (kind = ANY (ARRAY['reports'::text, 'taken-down'::text, 'fix-requested'::text])),
  constraint listing_review_holds_landlord_id_fkey FOREIGN KEY (landlord_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.listing_review_holds is 'Listings hidden from lists and search until an operator reviews their reports.';

create index listing_review_holds_landlord ON public.listing_review_holds using btree (landlord_id);

-- The API roles get only what is granted here.
revoke all on table public.listing_review_holds from anon, authenticated, service_role;
grant select on table public.listing_review_holds to anon;
grant select on table public.listing_review_holds to authenticated;
grant select, insert, update, delete on table public.listing_review_holds to service_role;

alter table public.listing_review_holds enable row level security;

create policy "Everyone can see which listings are held for review"
  on public.listing_review_holds for select to anon, authenticated
  using (true);

/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */
create trigger listing_review_holds_prioritise AFTER INSERT OR DELETE ON listing_review_holds FOR EACH ROW EXECUTE FUNCTION prioritise_moderation_case();

-- Live: a hold set, changed or lifted reaches the landlord's Your Listings and the listing's open pages.
create trigger listing_review_holds_send_live AFTER INSERT OR DELETE OR UPDATE ON listing_review_holds FOR EACH ROW EXECUTE FUNCTION send_listing_hold_live();

-- Analyzed from the start, so the planner knows its size instead of taking it for ten pages of rows.
analyze public.listing_review_holds;
