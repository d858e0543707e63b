-- Name from the sign-up form (`name`), else Google's `full_name`, else the email's local part.

create or replace function public.handle_new_user()
  returns trigger
  language plpgsql
  security definer
  set search_path to ''
as $function$
begin
  insert into public.profiles (id, name, email)
  values (
    new.id,
    -- Cut, not refused: a sign-up must not fail on what Google says a name is.
    rtrim(left(coalesce(
      nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
      nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
      nullif(split_part(coalesce(new.email, ''), '@', 1), ''),
      ''
    ), 80)),
    new.email
  );
  return new;
end;
$function$;

revoke all on function public.handle_new_user() from public, anon, authenticated, service_role;
