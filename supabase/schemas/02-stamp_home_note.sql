/**
 * Server-owned columns of a note, and its length in words people read. Through the API a note is the
 * caller's, written now, and shared with the caller's shortlist if any; its author, home, shortlist and
 * created_at never change there (the shortlist functions move notes in and out of a shortlist).
 */

create or replace function public.stamp_home_note()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
declare
  api_caller boolean := current_user in ('anon', 'authenticated');
begin
  if char_length(new.body) > 1000 then
    raise exception 'A note can have up to 1,000 characters: this one has % characters',
      to_char(char_length(new.body), 'FM999,999,999')
      using errcode = '23514', hint = 'Shorten the note.';
  end if;
  if tg_op = 'INSERT' then
    new.id := coalesce(new.id, gen_random_uuid());
    if api_caller then
      new.author_id := auth.uid();
      new.created_at := now();
      new.shortlist_id := public.my_shortlist_id();
    end if;
    new.updated_at := new.created_at;
  else
    if api_caller then
      new.id := old.id;
      new.author_id := old.author_id;
      new.listing_id := old.listing_id;
      new.shortlist_id := old.shortlist_id;
      new.created_at := old.created_at;
    end if;
    if (new.body, new.vote) is distinct from (old.body, old.vote) then
      new.updated_at := now();
    else
      new.updated_at := old.updated_at;
    end if;
  end if;
  return new;
end;
$function$;

revoke all on function public.stamp_home_note() from public, anon, authenticated, service_role;
