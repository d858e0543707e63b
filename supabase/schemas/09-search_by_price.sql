/**
 * One page of a search sorted by price (effective_price, then id; rising, or falling when `descending`): up to
 * page_size homes of market_listings that match every word (any part, any case, as ILIKE) and filter, after the
 * home (after_price, after_id) when given. The arguments are count_listings', and the rows those the app read
 * from market_listings before.
 */

create or replace function public.search_by_price(words text default ''::text, type text default NULL::text, min_price integer default NULL::integer, max_price integer default NULL::integer, min_beds integer default NULL::integer, min_baths integer default NULL::integer, parking boolean default false, furnished boolean default false, offer boolean default false, available_only boolean default false, west double precision default NULL::double precision, south double precision default NULL::double precision, east double precision default NULL::double precision, north double precision default NULL::double precision, descending boolean default false, after_price integer default NULL::integer, after_id uuid default NULL::uuid, page_size integer default 11)
  returns setof market_listings
  language plpgsql
  stable security definer
  set search_path to ''
as $function$
declare
  patterns text[] := array(
    select '%' || lower(word) || '%' from unnest(string_to_array(coalesce(words, ''), ' ')) as word where word <> ''
  );
  in_area boolean := west is not null and south is not null and east is not null and north is not null;
  -- The prices the page may show, and where it starts: after the cursor's home, or at the first home (every price
  -- and id is beyond the lowest, or the highest, there is).
  low integer := coalesce(min_price, -2147483648);
  high integer := coalesce(max_price, 2147483647);
  start_price integer := coalesce(after_price, case when descending then 2147483647 else -2147483648 end);
  start_id uuid := coalesce(
    after_id,
    case when descending then 'ffffffff-ffff-ffff-ffff-ffffffffffff' else '00000000-0000-0000-0000-000000000000' end::uuid
  );
  -- The complete place the page is read from, and the bits of the search's other words (each a dictionary word).
  place text;
  other_marks bigint;
  -- The search's conditions on market_listings ($n: the arguments as EXECUTE passes them).
  conditions text[] := array['true'];
begin
  if page_size is null or page_size < 1 or page_size > 100 then
    raise exception 'page_size must be from 1 to 100' using errcode = '22023';
  end if;
  if (after_price is null) <> (after_id is null) then
    raise exception 'after_price and after_id go together: give both or neither' using errcode = '22023';
  end if;

  -- The complete place the page can be read from, if any (search_place).
  select s.place, s.other_marks into place, other_marks from public.search_place(patterns) as s;

  -- From the place's rows of each type in price order (its index: type, price, id, with marks and leaving date
  -- in it), each branch ordered so that the planner merges the two types' index scans when the search has no
  -- type (a type it has turns the other branch off). Each listing is read and checked in market_listings in that
  -- order until a page is full; `limit 1`: one listing per row, looked up by its id (never a join of all the
  -- place's homes). Static statements, one for each direction: the session keeps their plans.
  if place is not null and not descending then
    return query
    select m.*
    from (
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'rent' and coalesce(search_by_price.type, 'rent') = 'rent'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) > (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price, p.listing_id)
      union all
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'sale' and coalesce(search_by_price.type, 'sale') = 'sale'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) > (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price, p.listing_id)
    ) as p
      cross join lateral (
        select m.* from public.market_listings as m
        where m.id = p.listing_id
          and m.search_text ilike all (patterns)
          and (min_beds is null or m.bedrooms >= min_beds)
          and (min_baths is null or m.bathrooms >= min_baths)
          and (search_by_price.parking is not true or m.parking)
          and (search_by_price.furnished is not true or m.furnished)
          and (search_by_price.offer is not true or m.offer)
          and (available_only is not true or m.status = 'available')
          and (not in_area or (m.longitude >= west and m.longitude <= east and m.latitude >= south and m.latitude <= north))
        limit 1
      ) as m
    order by p.effective_price, p.listing_id
    limit page_size;
    return;
  end if;
  if place is not null then
    return query
    select m.*
    from (
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'rent' and coalesce(search_by_price.type, 'rent') = 'rent'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) < (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price desc, p.listing_id desc)
      union all
      (select p.listing_id, p.effective_price from public.listing_place_words as p
       where p.word = place and p.type = 'sale' and coalesce(search_by_price.type, 'sale') = 'sale'
         and p.effective_price between low and high and (p.effective_price, p.listing_id) < (start_price, start_id)
         and p.marks & other_marks = other_marks and (p.off_market_at is null or p.off_market_at > now())
       order by p.effective_price desc, p.listing_id desc)
    ) as p
      cross join lateral (
        select m.* from public.market_listings as m
        where m.id = p.listing_id
          and m.search_text ilike all (patterns)
          and (min_beds is null or m.bedrooms >= min_beds)
          and (min_baths is null or m.bathrooms >= min_baths)
          and (search_by_price.parking is not true or m.parking)
          and (search_by_price.furnished is not true or m.furnished)
          and (search_by_price.offer is not true or m.offer)
          and (available_only is not true or m.status = 'available')
          and (not in_area or (m.longitude >= west and m.longitude <= east and m.latitude >= south and m.latitude <= north))
        limit 1
      ) as m
    order by p.effective_price desc, p.listing_id desc
    limit page_size;
    return;
  end if;

  -- Otherwise the query the app sent market_listings, planned for these values, with its keyset as the app wrote
  -- it: a bound the index starts at, and the rows beyond the cursor's home at it.
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    conditions := array_append(conditions, format('search_text ilike ($1)[%s]', i));
  end loop;
  conditions := conditions || public.search_filter_conditions(
    search_by_price.type, min_price, max_price, min_beds, min_baths, search_by_price.parking,
    search_by_price.furnished, search_by_price.offer, available_only, in_area
  );
  if after_price is not null then
    conditions := array_append(
      conditions,
      format('effective_price %1$s= $11 and (effective_price %1$s $11 or id %1$s $12)', case when descending then '<' else '>' end)
    );
  end if;
  return query execute format(
    'select * from public.market_listings where %s order by effective_price %2$s, id %2$s limit $13',
    array_to_string(conditions, ' and '),
    case when descending then 'desc' else 'asc' end
  )
  using patterns, search_by_price.type, min_price, max_price, min_beds, min_baths, west, east, south, north,
    after_price, after_id, page_size;
end;
$function$;

comment on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) is 'A page of a search sorted by price (rising, or falling when descending), as market_listings gives it (its rows, in effective_price, id order, after the cursor''s home): read from a complete place''s rows when one word is that place and the others are dictionary words.';

revoke all on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) to anon;
grant execute on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) to authenticated;
grant execute on function public.search_by_price(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, descending boolean, after_price integer, after_id uuid, page_size integer) to service_role;
