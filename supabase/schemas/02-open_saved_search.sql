/**
 * ---------------------------------------------------------------------------
 * Functions for the app
 * ---------------------------------------------------------------------------
 * Security invoker: row-level security limits them to the caller's searches.
 * (saved_search_new_counts, which reads the server's table of matches, is in
 * the alerts migration.)
 *
 * open_saved_search: marks the search opened now and returns when it was
 * opened before, so /search can badge the homes published since as New. Null
 * when the caller has no such search.
 */

create or replace function public.open_saved_search(search_id uuid)
  returns timestamp with time zone
  language plpgsql
  set search_path to ''
as $function$
declare
  previous timestamptz;
begin
  select s.last_opened_at into previous
  from public.saved_searches as s
  where s.id = search_id and s.user_id = (select auth.uid())
  for update;
  if found then
    update public.saved_searches set last_opened_at = now() where id = search_id;
  end if;
  return previous;
end;
$function$;

revoke all on function public.open_saved_search(search_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.open_saved_search(search_id uuid) to authenticated;
grant execute on function public.open_saved_search(search_id uuid) to service_role;
