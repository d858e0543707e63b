-- Whether the person's current email is proven: by an opened link, or by a Google identity with that address.

create or replace function public.email_is_confirmed(person uuid)
  returns boolean
  language sql
  stable security definer
  set search_path to ''
as $function$
  select exists (
    select 1
    from auth.users as u
    where u.id = person
      and (
        exists (
          select 1 from public.email_confirmations as c
          where c.user_id = u.id and lower(c.email) = lower(u.email)
        )
        -- Google only hands out addresses it has verified; one that says otherwise does not count.
        or exists (
          select 1 from auth.identities as i
          where i.user_id = u.id
            and i.provider = 'google'
            and lower(i.identity_data ->> 'email') = lower(u.email)
            and coalesce(i.identity_data ->> 'email_verified', 'true') <> 'false'
        )
      )
  );
$function$;

comment on function public.email_is_confirmed(person uuid) is 'Whether the person proved they read their current email address (an opened link, or Google).';

revoke all on function public.email_is_confirmed(person uuid) from public, anon, authenticated, service_role;
grant execute on function public.email_is_confirmed(person uuid) to service_role;
