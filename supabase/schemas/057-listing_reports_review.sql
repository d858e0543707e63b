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
   count(r.id)::integer AS open_reports,
   min(r.created_at) AS first_reported_at,
   jsonb_agg(jsonb_build_object('reason', r.reason, 'note', r.note, 'reporter_id', r.reporter_id, 'at', r.created_at) ORDER BY r.created_at) AS reports
  FROM listing_reports r
    JOIN listings l ON l.id = r.listing_id
    LEFT JOIN profiles p ON p.id = l.user_ref
    LEFT JOIN listing_review_holds h ON h.listing_id = l.id
 WHERE r.reviewed_at IS NULL
 GROUP BY l.id, p.email, h.listing_id
 ORDER BY (h.listing_id IS NOT NULL) DESC, (count(r.id)) DESC, (min(r.created_at));

comment on view public.listing_reports_review is 'Listings with reports waiting for review, with the reports; for operators with the service role.';

revoke all on table public.listing_reports_review from anon, authenticated, service_role;
grant select on table public.listing_reports_review to service_role;
