/** The search's flags as bits: parking 1, furnished 2, offer 4, available only (underOffer false) 8. */

create or replace function public.saved_search_flags(params jsonb)
  returns smallint
  language sql
  immutable parallel safe
  set search_path to ''
RETURN CASE WHEN saved_search_params_valid(params) THEN ((((CASE WHEN ((params -> 'parking'::text) = 'true'::jsonb) THEN 1 ELSE 0 END | CASE WHEN ((params -> 'furnished'::text) = 'true'::jsonb) THEN 2 ELSE 0 END) | CASE WHEN ((params -> 'offer'::text) = 'true'::jsonb) THEN 4 ELSE 0 END) | CASE WHEN ((params -> 'underOffer'::text) = 'false'::jsonb) THEN 8 ELSE 0 END))::smallint ELSE NULL::smallint END;

revoke all on function public.saved_search_flags(params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.saved_search_flags(params jsonb) to authenticated;
grant execute on function public.saved_search_flags(params jsonb) to service_role;
