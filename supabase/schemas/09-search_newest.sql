/**
 * One page of a search sorted newest (created_at desc, id desc): up to page_size homes of market_listings that
 * match every word (any part, any case, as ILIKE) and filter, after the home (after_created_at, after_id) when
 * given. The arguments are count_listings', and the rows those the app read from market_listings before.
 */

create or replace function public.search_newest(words text default ''::text, type text default NULL::text, min_price integer default NULL::integer, max_price integer default NULL::integer, min_beds integer default NULL::integer, min_baths integer default NULL::integer, parking boolean default false, furnished boolean default false, offer boolean default false, available_only boolean default false, west double precision default NULL::double precision, south double precision default NULL::double precision, east double precision default NULL::double precision, north double precision default NULL::double precision, after_created_at timestamp with time zone default NULL::timestamp with time zone, after_id uuid default NULL::uuid, page_size integer default 11)
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
  -- Where the page starts: after the cursor's home, or at the top (no home is newer than infinity).
  before_time timestamptz := coalesce(after_created_at, 'infinity');
  before_id uuid := coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
  -- The complete place the page is read from, and the bits of the search's other words (each a dictionary word).
  place text;
  other_marks bigint;
  -- The search's conditions on market_listings ($n: the arguments as EXECUTE passes them).
  conditions text[] := array['true'];
begin
  if page_size is null or page_size < 1 or page_size > 100 then
    raise exception 'page_size must be from 1 to 100' using errcode = '22023';
  end if;
  if (after_created_at is null) <> (after_id is null) then
    raise exception 'after_created_at and after_id go together: give both or neither' using errcode = '22023';
  end if;

  -- The complete place the page can be read from, if any (search_place).
  select s.place, s.other_marks into place, other_marks from public.search_place(patterns) as s;

  if place is not null then
    -- The place's rows newest first, from its index (type, price, marks and leaving date in it), each listing read
    -- and checked in market_listings in that order until a page is full. `limit 1`: one listing per row, looked
    -- up by its id (never a join of all the place's homes). A plan kept for the session: the same for any values.
    return query
    select m.*
    from public.listing_place_words as p
      cross join lateral (
        select m.* from public.market_listings as m
        where m.id = p.listing_id
          and m.search_text ilike all (patterns)
          and (search_newest.type is null or m.type = search_newest.type)
          and (min_price is null or m.effective_price >= min_price)
          and (max_price is null or m.effective_price <= max_price)
          and (min_beds is null or m.bedrooms >= min_beds)
          and (min_baths is null or m.bathrooms >= min_baths)
          and (search_newest.parking is not true or m.parking)
          and (search_newest.furnished is not true or m.furnished)
          and (search_newest.offer is not true or m.offer)
          and (available_only is not true or m.status = 'available')
          and (not in_area or (m.longitude >= west and m.longitude <= east and m.latitude >= south and m.latitude <= north))
        limit 1
      ) as m
    where p.word = place
      and (p.created_at, p.listing_id) < (before_time, before_id)
      and (p.off_market_at is null or p.off_market_at > now())
      and (search_newest.type is null or p.type = search_newest.type)
      and (min_price is null or p.effective_price >= min_price)
      and (max_price is null or p.effective_price <= max_price)
      and p.marks & other_marks = other_marks
    order by p.created_at desc, p.listing_id desc
    limit page_size;
    return;
  end if;

  -- Otherwise the query the app sent market_listings, planned for these values.
  for i in 1 .. coalesce(array_length(patterns, 1), 0) loop
    conditions := array_append(conditions, format('search_text ilike ($1)[%s]', i));
  end loop;
  conditions := conditions || public.search_filter_conditions(
    search_newest.type, min_price, max_price, min_beds, min_baths, search_newest.parking, search_newest.furnished,
    search_newest.offer, available_only, in_area
  );
  -- The keyset as the app wrote it: a bound the index starts at, and the rows after the cursor's home at it.
  if after_created_at is not null then
    conditions := array_append(conditions, 'created_at <= $11 and (created_at < $11 or id < $12)');
  end if;
  return query execute format(
    'select * from public.market_listings where %s order by created_at desc, id desc limit $13',
    array_to_string(conditions, ' and ')
  )
  using patterns, search_newest.type, min_price, max_price, min_beds, min_baths, west, east, south, north,
    after_created_at, after_id, page_size;
end;
$function$;

comment on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) is 'A page of a search sorted newest, as market_listings gives it (its rows, in created_at desc, id desc order, after the cursor''s home): read from a complete place''s rows when one word is that place and the others are dictionary words.';

revoke all on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) from public, anon, authenticated, service_role;
grant execute on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) to anon;
grant execute on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) to authenticated;
grant execute on function public.search_newest(words text, type text, min_price integer, max_price integer, min_beds integer, min_baths integer, parking boolean, furnished boolean, offer boolean, available_only boolean, west double precision, south double precision, east double precision, north double precision, after_created_at timestamp with time zone, after_id uuid, page_size integer) to service_role;
