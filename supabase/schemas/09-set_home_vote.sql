/**
 * Writes the caller's note on a home, or their vote, keeping the other: idempotent, so the device's
 * outbox may send either twice. Runs as the caller, so the notes' policies decide.
 */

create or replace function public.set_home_vote(listing_id uuid, vote text)
  returns void
  language sql
  set search_path to ''
as $function$
  insert into public.home_notes (listing_id, vote) values (set_home_vote.listing_id, set_home_vote.vote)
  on conflict (author_id, listing_id) do update set vote = excluded.vote;
$function$;

revoke all on function public.set_home_vote(listing_id uuid, vote text) from public, anon, authenticated, service_role;
grant execute on function public.set_home_vote(listing_id uuid, vote text) to authenticated;
