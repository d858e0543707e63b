/**
 * ---------------------------------------------------------------------------
 * Reports
 * ---------------------------------------------------------------------------
 */

create table public.listing_reports (
  id uuid not null default gen_random_uuid(),
  listing_id uuid not null,
  reporter_id uuid not null default auth.uid(),
  reason text not null,
  note text not null default ''::text,
  created_at timestamp with time zone not null default now(),
  reviewed_at timestamp with time zone,
  constraint listing_reports_pkey PRIMARY KEY (id),
  constraint listing_reports_one_per_person UNIQUE (listing_id, reporter_id),
  constraint listing_reports_note_length CHECK (char_length(note) <= 1000),
  constraint listing_reports_reason_valid CHECK (reason = ANY (ARRAY['Scam or fraud'::text, 'Wrong details'::text, 'Already let or sold'::text, 'Offensive'::text, 'Other'::text])),
  constraint listing_reports_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings(id) ON DELETE CASCADE,
  constraint listing_reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

comment on table public.listing_reports is 'Reports of listings by signed-in people, one per person per listing; read by their reporter and the service role.';

create index listing_reports_open ON public.listing_reports using btree (listing_id) WHERE (reviewed_at IS NULL);

create index listing_reports_reporter ON public.listing_reports using btree (reporter_id);

-- The API roles get only what is granted here.
revoke all on table public.listing_reports from anon, authenticated, service_role;
grant select, insert on table public.listing_reports to authenticated;
grant select, insert, update, delete on table public.listing_reports to service_role;

alter table public.listing_reports enable row level security;

create policy "Reporters can view their own reports"
  on public.listing_reports for select to authenticated
  using ((reporter_id = ( SELECT auth.uid() AS uid)));

create policy "Signed-in people can report listings in their own name"
  on public.listing_reports for insert to authenticated
  with check ((reporter_id = ( SELECT auth.uid() AS uid)));

create trigger listing_reports_hide AFTER INSERT ON listing_reports FOR EACH ROW EXECUTE FUNCTION hide_reported_listing();

/**
 * ---------------------------------------------------------------------------
 * Cases open by themselves
 * ---------------------------------------------------------------------------
 * A report opens a case for its listing unless one is open; a hold moves the
 * open case up (hidden first). The hold trigger on listing_reports
 * (listing_reports_hide) runs before listing_reports_open_case, by name.
 */
create trigger listing_reports_open_case AFTER INSERT ON listing_reports FOR EACH ROW EXECUTE FUNCTION open_moderation_case();

create trigger listing_reports_stamp BEFORE INSERT ON listing_reports FOR EACH ROW EXECUTE FUNCTION stamp_listing_report();

-- On listing_report_origins, written here because it names this table, which needs listing_report_origins first.
alter table public.listing_report_origins add constraint listing_report_origins_report_id_fkey FOREIGN KEY (report_id) REFERENCES listing_reports(id) ON DELETE CASCADE;
