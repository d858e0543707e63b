/**
 * ---------------------------------------------------------------------------
 * Landlord contact
 * ---------------------------------------------------------------------------
 * The contact page shows a landlord's name and writes to their email. Profiles
 * are private, so this function reads exactly one of them, and only for a user
 * who owns at least one listing: it cannot be used to look up arbitrary users.
 * Called as `supabase.rpc('landlord_contact', { landlord_id })`.
 */

create function public.landlord_contact(landlord_id uuid)
  returns table (name text, email text)
  language sql
  stable
  security definer
  set search_path = ''
as $$
  select p.name, p.email
  from public.profiles as p
  where p.id = landlord_contact.landlord_id
    and exists (
      select 1 from public.listings as l where l.user_ref = landlord_contact.landlord_id
    );
$$;

comment on function public.landlord_contact(uuid) is
  'Name and email of a user who owns at least one listing; no row for anyone else.';

revoke execute on function public.landlord_contact(uuid) from public;
grant execute on function public.landlord_contact(uuid) to anon, authenticated, service_role;
