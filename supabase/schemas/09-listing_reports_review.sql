/**
 * ---------------------------------------------------------------------------
 * The operator's review (service role only)
 * ---------------------------------------------------------------------------
 * `select * from public.listing_reports_review` lists every listing with open
 * reports, hidden ones first; `select public.review_listing_reports(id)`
 * marks its reports reviewed and lists it again. To take a listing down
 * instead, remove its photos through the Storage API and delete its row.
 */

create view public.listing_reports_review with (security_invoker=true) as
SELECT l.id AS listing_id,
   l.name AS listing_name,
   l.user_ref AS landlord_id,
   p.email AS landlord_email,
   h.listing_id IS NOT NULL AS hidden_for_review,
   COALESCE(pending.reports, 0::bigint)::integer AS open_reports,
   pending.first_reported_at,
   COALESCE(pending.details, '[]'::jsonb) AS reports,
   h.held_at,
   COALESCE(pending.counted, 0::bigint)::integer AS counted_reports
  FROM ( SELECT r.listing_id
          FROM listing_reports r
         WHERE r.reviewed_at IS NULL
       UNION
        SELECT held.listing_id
          FROM listing_review_holds held) queued
    JOIN listings l ON l.id = queued.listing_id
    LEFT JOIN listing_review_holds h ON h.listing_id = l.id
    LEFT JOIN profiles p ON p.id = l.user_ref
    LEFT JOIN LATERAL ( SELECT count(*) AS reports,
           count(*) FILTER (WHERE o.counts) AS counted,
           min(r.created_at) AS first_reported_at,
           jsonb_agg(jsonb_build_object('reason', r.reason, 'note', r.note, 'reporter_id', r.reporter_id, 'at', r.created_at, 'client_address', o.client_address, 'counts', COALESCE(o.counts, false), 'not_counted_because', o.not_counted_because) ORDER BY r.created_at) AS details
          FROM listing_reports r
            LEFT JOIN listing_report_origins o ON o.report_id = r.id
         WHERE r.listing_id = l.id AND r.reviewed_at IS NULL) pending ON true
 ORDER BY (h.listing_id IS NOT NULL) DESC, h.held_at, pending.counted DESC, pending.reports DESC, pending.first_reported_at;

comment on view public.listing_reports_review is 'Listings held or with reports waiting for review, held first, with each report''s address and whether it counted; service role only.';

revoke all on table public.listing_reports_review from anon, authenticated, service_role;
grant select on table public.listing_reports_review to service_role;
