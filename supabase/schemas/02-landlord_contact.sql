/**
 * Landlord contact answers for a landlord with at least one listing on the
 * market (otherwise as before: the email only when shown, at most 20
 * landlords per address an hour). A landlord whose homes have all left the
 * market is no longer looked up.
 */

create or replace function public.landlord_contact(landlord_id uuid)
  returns table(name text, email text)
  language plpgsql
  security definer
  set search_path to ''
as $function$
declare
  caller_address text := public.request_client_address();
begin
  if not exists (select 1 from public.market_listings as l where l.user_ref = landlord_contact.landlord_id) then
    return;
  end if;

  -- Up to 100 rows past the hour, of any address (rows another call is deleting are skipped): each call adds
  -- at most one row, so the table holds about an hour of reads.
  delete from public.landlord_contact_reads as r
  where r.ctid = any (array(
    select s.ctid from public.landlord_contact_reads as s
    where s.read_at <= now() - interval '1 hour'
    limit 100
    for update skip locked
  ));

  -- One address's reads are counted one at a time, so parallel requests cannot pass the limit together.
  perform pg_advisory_xact_lock(hashtextextended('landlord_contact:' || caller_address, 0));
  delete from public.landlord_contact_reads as r
  where r.address = caller_address and r.read_at <= now() - interval '1 hour';

  if not exists (
    select 1 from public.landlord_contact_reads as r
    where r.address = caller_address and r.landlord_id = landlord_contact.landlord_id
  ) then
    if (
      select count(*) from public.landlord_contact_reads as r where r.address = caller_address
    ) >= 20 then
      raise exception 'Too many landlords looked up from this address: try again in an hour'
        using errcode = 'PT429', hint = 'At most 20 different landlords per address an hour';
    end if;
    insert into public.landlord_contact_reads (address, landlord_id)
    values (caller_address, landlord_contact.landlord_id);
  end if;

  return query
    select p.name, case when p.show_email then p.email end
    from public.profiles as p
    where p.id = landlord_contact.landlord_id;
end;
$function$;

comment on function public.landlord_contact(landlord_id uuid) is 'Name of a user with at least one listing on the market, and their email when they show it; at most 20 different landlords per client address an hour.';

revoke all on function public.landlord_contact(landlord_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.landlord_contact(landlord_id uuid) to anon;
grant execute on function public.landlord_contact(landlord_id uuid) to authenticated;
grant execute on function public.landlord_contact(landlord_id uuid) to service_role;
