/** The map area a search covers: its bbox, or the whole world without one; null for invalid params. */

create or replace function public.saved_search_area(params jsonb)
  returns box
  language sql
  immutable parallel safe
  set search_path to ''
RETURN CASE WHEN saved_search_params_valid(params) THEN CASE WHEN (params ? 'bbox'::text) THEN box(point((split_part((params ->> 'bbox'::text), ','::text, 1))::double precision, (split_part((params ->> 'bbox'::text), ','::text, 2))::double precision), point((split_part((params ->> 'bbox'::text), ','::text, 3))::double precision, (split_part((params ->> 'bbox'::text), ','::text, 4))::double precision)) ELSE box(point(('-180'::integer)::double precision, ('-90'::integer)::double precision), point((180)::double precision, (90)::double precision)) END ELSE NULL::box END;

revoke all on function public.saved_search_area(params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.saved_search_area(params jsonb) to authenticated;
grant execute on function public.saved_search_area(params jsonb) to service_role;
