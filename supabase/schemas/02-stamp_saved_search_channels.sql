/**
 * Server-owned columns of a saved search's alert channels. Through the API a row is the caller's, and why
 * email stopped (a bounce, an unsubscribe) is the server's to say: it clears only when the person turns
 * email alerts on again.
 */

create or replace function public.stamp_saved_search_channels()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      new.user_id := auth.uid();
      new.email_stopped := null;
      new.email_stopped_at := null;
    else
      new.user_id := old.user_id;
      new.saved_search_id := old.saved_search_id;
      if new.email and not old.email then
        new.email_stopped := null;
        new.email_stopped_at := null;
      else
        new.email_stopped := old.email_stopped;
        new.email_stopped_at := old.email_stopped_at;
      end if;
    end if;
  end if;
  new.updated_at := now();
  return new;
end;
$function$;

revoke all on function public.stamp_saved_search_channels() from public, anon, authenticated, service_role;
