/**
 * ---------------------------------------------------------------------------
 * The facts publishing needs
 * ---------------------------------------------------------------------------
 * Issue 55: a new listing needs its EPC rating (A to G, or exempt), its
 * council tax band (a band, not_banded, or rates) and, for rent, its deposit,
 * as lacksPublishingFacts in src/utils/property-facts.ts says. The CHECKs of
 * public.listings already refuse an exempt EPC without its reason and rates
 * without their yearly amount, so a given rating or band is a whole one.
 *
 * Listings published before the facts stay as they are: an update need not
 * add what the listing never had (a new price, marking it sold). What an
 * update may not do is take away a fact publishing needs that the listing
 * has; a rent listing that becomes a sale drops its deposit, as a sale has
 * none. A listing that becomes a rent is a new letting advert, and brings its
 * deposit.
 *
 * An insert whose id is already a listing is let through: it is a draft's
 * publish sent again (ON CONFLICT takes it once) or it fails on the key, so
 * a publish whose answer was lost is not refused the second time.
 *
 * API callers (anon, authenticated) only, like the publishing limits and
 * listings_available_from_not_past: the service role and the table owner
 * (seeding, maintenance) are not held to it, which is how the demo seed keeps
 * a few homes without their facts. Each refusal is a check violation named
 * for the missing fact (listings_epc_rating_required,
 * listings_council_tax_band_required, listings_deposit_required), with the
 * message the form shows beside the field and the column as its hint.
 */

create or replace function public.require_publishing_facts()
  returns trigger
  language plpgsql
  set search_path to ''
as $function$
declare
  inserting boolean := tg_op = 'INSERT';
begin
  if not (current_user in ('anon', 'authenticated') or coalesce(auth.role(), '') in ('anon', 'authenticated')) then
    return new;
  end if;
  if inserting and new.id is not null then
    if exists (select 1 from public.listings as l where l.id = new.id) then
      return new;
    end if;
  end if;

  if new.epc_rating is null and (inserting or old.epc_rating is not null) then
    raise exception 'Add the EPC rating (A–G) or mark it exempt'
      using errcode = 'check_violation',
        constraint = 'listings_epc_rating_required',
        table = 'listings',
        schema = 'public',
        column = 'epc_rating',
        hint = 'epc_rating';
  end if;
  if new.council_tax_band is null and (inserting or old.council_tax_band is not null) then
    raise exception 'Add the council tax band, or choose Not yet banded'
      using errcode = 'check_violation',
        constraint = 'listings_council_tax_band_required',
        table = 'listings',
        schema = 'public',
        column = 'council_tax_band',
        hint = 'council_tax_band';
  end if;
  if new.type = 'rent' and new.deposit is null and (inserting or old.deposit is not null or old.type <> 'rent') then
    raise exception 'Add the deposit'
      using errcode = 'check_violation',
        constraint = 'listings_deposit_required',
        table = 'listings',
        schema = 'public',
        column = 'deposit',
        hint = 'deposit';
  end if;
  return new;
end;
$function$;

comment on function public.require_publishing_facts() is 'Refuses an API caller''s new listing without its EPC rating, council tax band or (rent) deposit, and an update that takes one away.';

revoke all on function public.require_publishing_facts() from public, anon, authenticated, service_role;
