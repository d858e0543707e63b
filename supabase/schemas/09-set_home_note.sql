/**
 * Writes the caller's note on a home, or their vote, keeping the other: idempotent, so the device's
 * outbox may send either twice. Runs as the caller, so the notes' policies decide.
 */

create or replace function public.set_home_note(listing_id uuid, body text)
  returns void
  language sql
  set search_path to ''
as $function$
  insert into public.home_notes (listing_id, body) values (set_home_note.listing_id, set_home_note.body)
  on conflict (author_id, listing_id) do update set body = excluded.body;
$function$;

revoke all on function public.set_home_note(listing_id uuid, body text) from public, anon, authenticated, service_role;
grant execute on function public.set_home_note(listing_id uuid, body text) to authenticated;
