-- A viewing's time as people read it, in London: `Sat 6 Dec, 10:20`.

create or replace function public.viewing_time_text(at timestamp with time zone)
  returns text
  language sql
  stable
  set search_path to ''
as $function$
  select to_char(viewing_time_text.at at time zone 'Europe/London', 'Dy FMDD Mon, HH24:MI');
$function$;

revoke all on function public.viewing_time_text(at timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.viewing_time_text(at timestamp with time zone) to authenticated;
grant execute on function public.viewing_time_text(at timestamp with time zone) to service_role;
