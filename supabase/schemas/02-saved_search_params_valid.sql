/**
 * ---------------------------------------------------------------------------
 * Searches: `underOffer` and the `reduced` sort
 * ---------------------------------------------------------------------------
 * A search's `underOffer: false` (the URL's `?underOffer=false`; on by
 * default, never written when on) keeps only available homes; `sort` may be
 * `reduced`. saved_search_params_valid accepts exactly these and
 * listing_matches_search applies the first as src/utils/match-listings.ts
 * does. Whether a listing is still on the market is not part of the match: the
 * callers read market_listings.
 */

create or replace function public.saved_search_params_valid(params jsonb)
  returns boolean
  language plpgsql
  immutable parallel safe strict
  set search_path to ''
as $function$
declare
  key text;
  value jsonb;
  q text;
  -- JavaScript's \s: what parseHomeSearch turns into single spaces and trims.
  js_space constant text := '[\t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]';
  utf16_length integer;
  low integer;
  high integer;
begin
  if jsonb_typeof(params) <> 'object' then
    return false;
  end if;
  for key, value in select entry.key, entry.value from jsonb_each(params) as entry loop
    if key = 'q' then
      if jsonb_typeof(value) <> 'string' then
        return false;
      end if;
      q := value #>> '{}';
      utf16_length := char_length(q) + char_length(regexp_replace(q, '[^\U00010000-\U0010ffff]', '', 'g'));
      -- Cut at 100 units after trimming, the text may end in a space only when it was cut.
      if utf16_length not between 1 and 100 or q ~ js_space or strpos(q, '  ') > 0
        or left(q, 1) = ' ' or (right(q, 1) = ' ' and utf16_length < 100) then
        return false;
      end if;
    elsif key = 'type' then
      if value not in ('"rent"', '"sale"') then
        return false;
      end if;
    elsif key in ('minPrice', 'maxPrice', 'minBeds', 'minBaths') then
      if jsonb_typeof(value) <> 'number' then
        return false;
      end if;
      low := case key when 'maxPrice' then 0 else 1 end;
      high := case when key in ('minPrice', 'maxPrice') then 750000000 else 50 end;
      if value::numeric <> trunc(value::numeric) or value::numeric not between low and high then
        return false;
      end if;
    elsif key in ('parking', 'furnished', 'offer') then
      if value <> 'true' then
        return false;
      end if;
    elsif key = 'underOffer' then
      -- On by default, so only its off value is ever written.
      if value <> 'false' then
        return false;
      end if;
    elsif key = 'sort' then
      if value not in ('"price-asc"', '"price-desc"', '"reduced"') then
        return false;
      end if;
    elsif key = 'bbox' then
      if jsonb_typeof(value) <> 'string' or not public.search_bbox_valid(value #>> '{}') then
        return false;
      end if;
    else
      return false;
    end if;
  end loop;
  return true;
end;
$function$;

revoke all on function public.saved_search_params_valid(params jsonb) from public, anon, authenticated, service_role;
grant execute on function public.saved_search_params_valid(params jsonb) to anon;
grant execute on function public.saved_search_params_valid(params jsonb) to authenticated;
grant execute on function public.saved_search_params_valid(params jsonb) to service_role;
