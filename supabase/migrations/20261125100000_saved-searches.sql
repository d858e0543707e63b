/**
 * ---------------------------------------------------------------------------
 * Saved searches and push subscriptions
 * ---------------------------------------------------------------------------
 * A person saves a search of /search (its URL parameters, as the route reads
 * them), names it, and chooses whether new homes matching it alert them
 * (`off`, `instant`, `daily`). "New" means published after the person last
 * opened the saved search. A browser that accepts Web Push registers its
 * subscription so the sender (the send-alerts Edge Function) can reach it.
 *
 * One definition of a match, `listing_matches_search`, is the server's copy of
 * the app's rules (src/utils/match-listings.ts and the /search query): the type,
 * the price a person pays, bedrooms, bathrooms, the parking, furnished and
 * offer flags, the map area, and every word of the text found in the listing's
 * location, name or description in any case.
 */

/**
 * ---------------------------------------------------------------------------
 * Text matching
 * ---------------------------------------------------------------------------
 * `search_fold` lowercases as JavaScript's String.prototype.toLowerCase does
 * (Unicode's default case conversion, with the context rules: a final capital
 * sigma becomes `ς`, the dotted capital I becomes `i` and a combining dot),
 * whatever the database's locale: it uses ICU's root collation, which hosted
 * Supabase and the local stack both have. A database created with the C locale
 * would otherwise lowercase ASCII letters only, and the device, which matches
 * with JavaScript, would disagree about `É` and `é`. Capital letters added to
 * Unicode after the ICU of older servers (Georgian Mtavruli, some Latin and
 * others) are mapped explicitly; where ICU already knows them this changes
 * nothing.
 *
 * `search_words` is searchWords of the app: the text split on whitespace, the
 * characters `% _ * \ , ( )` removed, lowercased, repeated words dropped, at
 * most the first 8 words.
 */

create function public.search_fold(value text)
  returns text
  language sql
  immutable strict parallel safe
  return case
    when value ~ '[\u1c89\u1c90-\u1cba\u1cbd-\u1cbf\u2c2f\ua7b8\ua7ba\ua7bc\ua7be\ua7c0\ua7c2\ua7c4-\ua7c7\ua7c9\ua7cb-\ua7cc\ua7ce\ua7d0\ua7d2\ua7d4\ua7d6\ua7d8\ua7da\ua7dc\ua7f5\U00010570-\U0001057a\U0001057c-\U0001058a\U0001058c-\U00010592\U00010594-\U00010595\U00010d50-\U00010d65\U00016e40-\U00016e5f\U00016ea0-\U00016eb8]'
      then translate(lower(value collate "und-x-icu"), 'ᲉᲐᲑᲒᲓᲔᲕᲖᲗᲘᲙᲚᲛᲜᲝᲞᲟᲠᲡᲢᲣᲤᲥᲦᲧᲨᲩᲪᲫᲬᲭᲮᲯᲰᲱᲲᲳᲴᲵᲶᲷᲸᲹᲺᲽᲾᲿⰯꞸꞺꞼꞾꟀꟂꟄꟅꟆꟇꟉꟋꟌ꟎Ꟑ꟒꟔ꟖꟘꟚꟜꟵ𐕰𐕱𐕲𐕳𐕴𐕵𐕶𐕷𐕸𐕹𐕺𐕼𐕽𐕾𐕿𐖀𐖁𐖂𐖃𐖄𐖅𐖆𐖇𐖈𐖉𐖊𐖌𐖍𐖎𐖏𐖐𐖑𐖒𐖔𐖕𐵐𐵑𐵒𐵓𐵔𐵕𐵖𐵗𐵘𐵙𐵚𐵛𐵜𐵝𐵞𐵟𐵠𐵡𐵢𐵣𐵤𐵥𖹀𖹁𖹂𖹃𖹄𖹅𖹆𖹇𖹈𖹉𖹊𖹋𖹌𖹍𖹎𖹏𖹐𖹑𖹒𖹓𖹔𖹕𖹖𖹗𖹘𖹙𖹚𖹛𖹜𖹝𖹞𖹟𖺠𖺡𖺢𖺣𖺤𖺥𖺦𖺧𖺨𖺩𖺪𖺫𖺬𖺭𖺮𖺯𖺰𖺱𖺲𖺳𖺴𖺵𖺶𖺷𖺸', 'ᲊაბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰჱჲჳჴჵჶჷჸჹჺჽჾჿⱟꞹꞻꞽꞿꟁꟃꞔʂᶎꟈꟊɤꟍ꟏ꟑꟓꟕꟗꟙꟛƛꟶ𐖗𐖘𐖙𐖚𐖛𐖜𐖝𐖞𐖟𐖠𐖡𐖣𐖤𐖥𐖦𐖧𐖨𐖩𐖪𐖫𐖬𐖭𐖮𐖯𐖰𐖱𐖳𐖴𐖵𐖶𐖷𐖸𐖹𐖻𐖼𐵰𐵱𐵲𐵳𐵴𐵵𐵶𐵷𐵸𐵹𐵺𐵻𐵼𐵽𐵾𐵿𐶀𐶁𐶂𐶃𐶄𐶅𖹠𖹡𖹢𖹣𖹤𖹥𖹦𖹧𖹨𖹩𖹪𖹫𖹬𖹭𖹮𖹯𖹰𖹱𖹲𖹳𖹴𖹵𖹶𖹷𖹸𖹹𖹺𖹻𖹼𖹽𖹾𖹿𖺻𖺼𖺽𖺾𖺿𖻀𖻁𖻂𖻃𖻄𖻅𖻆𖻇𖻈𖻉𖻊𖻋𖻌𖻍𖻎𖻏𖻐𖻑𖻒𖻓')
    else lower(value collate "und-x-icu")
  end;

create function public.search_words(q text)
  returns text[]
  language sql
  immutable parallel safe
begin atomic
  select coalesce(array_agg(firsts.word order by firsts.first_at), '{}')
  from (
    select parts.word, min(parts.at) as first_at
    from (
      select public.search_fold(regexp_replace(t.part, '[%_*\\,()]', '', 'g')) as word, t.at
      from regexp_split_to_table(
        coalesce(q, ''),
        '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+'
      ) with ordinality as t(part, at)
    ) as parts
    where parts.word <> ''
    group by parts.word
    order by min(parts.at)
    limit 8
  ) as firsts;
end;

/**
 * ---------------------------------------------------------------------------
 * What a saved search's parameters may hold
 * ---------------------------------------------------------------------------
 * Exactly what parseHomeSearch (src/types/home-search.ts) gives for a URL,
 * without `view`: known keys only, defaults left out, numbers as whole JSON
 * numbers in range, flags as `true`, the sort as `price-asc` or `price-desc`,
 * `q` as normalised text (single spaces, no other whitespace, up to 100
 * UTF-16 units as JavaScript counts them), and `bbox` as
 * "west,south,east,north" written as JavaScript writes numbers, in range, west
 * below east and south below north.
 */

create function public.search_bbox_valid(bbox text)
  returns boolean
  language plpgsql
  immutable strict parallel safe
  set search_path = ''
  -- The shortest text that reads back as the same float8, as JavaScript writes numbers.
  set extra_float_digits = 1
as $$
declare
  parts text[] := string_to_array(bbox, ',');
  part text;
  coordinates float8[] := '{}';
  coordinate float8;
begin
  if cardinality(parts) <> 4 then
    return false;
  end if;
  foreach part in array parts loop
    if part !~ '^-?(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$' or part = '-0' then
      return false;
    end if;
    coordinate := part::float8;
    -- JavaScript writes 1e-7 in exponent form, which the URL's bbox does not accept.
    if coordinate::text::numeric <> part::numeric or (coordinate <> 0 and abs(coordinate) < 0.000001) then
      return false;
    end if;
    coordinates := coordinates || coordinate;
  end loop;
  return abs(coordinates[1]) <= 180 and abs(coordinates[3]) <= 180
    and abs(coordinates[2]) <= 90 and abs(coordinates[4]) <= 90
    and coordinates[1] < coordinates[3] and coordinates[2] < coordinates[4];
end;
$$;

create function public.saved_search_params_valid(params jsonb)
  returns boolean
  language plpgsql
  immutable strict parallel safe
  set search_path = ''
as $$
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
    elsif key = 'sort' then
      if value not in ('"price-asc"', '"price-desc"') then
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
$$;

/**
 * Whether every one of the words (search_words of a search) is in the text
 * (search_fold of a listing's text).
 */

create function public.search_words_in(folded text, words text[])
  returns boolean
  language plpgsql
  immutable strict parallel safe
  set search_path = ''
as $$
declare
  word text;
begin
  foreach word in array words loop
    if strpos(folded, word) = 0 then
      return false;
    end if;
  end loop;
  return true;
end;
$$;

/**
 * ---------------------------------------------------------------------------
 * The match
 * ---------------------------------------------------------------------------
 * True when the listing is one the search finds. Computed from the listing's
 * own columns (the price a person pays as effective_price defines it, the text
 * as search_text joins it), so a row built in SQL is judged the same as a
 * stored one. One expression with no subquery, so Postgres inlines it into
 * the query that calls it; the text, checked last, only when the rest holds.
 */

create function public.listing_matches_search(listing public.listings, params jsonb)
  returns boolean
  language sql
  immutable parallel safe
begin atomic
  select
    (params ->> 'type' is null or (listing).type = params ->> 'type')
    and (params ->> 'minPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        >= (params ->> 'minPrice')::numeric)
    and (params ->> 'maxPrice' is null
      or case when (listing).offer then (listing).discounted_price else (listing).regular_price end
        <= (params ->> 'maxPrice')::numeric)
    and (params ->> 'minBeds' is null or (listing).bedrooms >= (params ->> 'minBeds')::numeric)
    and (params ->> 'minBaths' is null or (listing).bathrooms >= (params ->> 'minBaths')::numeric)
    and (params -> 'parking' is distinct from 'true' or (listing).parking)
    and (params -> 'furnished' is distinct from 'true' or (listing).furnished)
    and (params -> 'offer' is distinct from 'true' or (listing).offer)
    and (params ->> 'bbox' is null or (
      (listing).longitude between split_part(params ->> 'bbox', ',', 1)::float8
        and split_part(params ->> 'bbox', ',', 3)::float8
      and (listing).latitude between split_part(params ->> 'bbox', ',', 2)::float8
        and split_part(params ->> 'bbox', ',', 4)::float8
    ))
    and (params ->> 'q' is null or public.search_words_in(
      public.search_fold((listing).location || ' ' || (listing).name || ' ' || coalesce((listing).description, '')),
      public.search_words(params ->> 'q')
    ));
end;

/**
 * The first five characters of the search's longest word of at least three
 * (the first such word on a tie): every listing the search matches holds them
 * in its folded text, so the searches a new listing may match are found by
 * looking up the pieces of its text. Null when no word is that long.
 */

create function public.search_key(q text)
  returns text
  language sql
  immutable parallel safe
begin atomic
  select left(w.word, 5)
  from unnest(public.search_words(q)) with ordinality as w(word, at)
  where char_length(w.word) >= 3
  order by char_length(w.word) desc, w.at
  limit 1;
end;

/**
 * ---------------------------------------------------------------------------
 * Saved searches
 * ---------------------------------------------------------------------------
 * The client may choose the id, so a search saved offline and sent twice is
 * stored once. The match_* columns are the search's filters in indexable form
 * (see the alerts migration); they are generated, never written. A bbox-less
 * search covers the whole world, and a search without a minimum has 0.
 */

create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null,
  params jsonb not null default '{}',
  alerts text not null default 'off',
  last_opened_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),

  match_type text generated always as (
    case when params -> 'type' in ('"rent"', '"sale"') then params ->> 'type' end
  ) stored,
  match_price int4range generated always as (
    case when public.saved_search_params_valid(params)
      and coalesce((params ->> 'minPrice')::integer <= (params ->> 'maxPrice')::integer, true)
    then int4range(coalesce((params ->> 'minPrice')::integer, 0), (params ->> 'maxPrice')::integer, '[]') end
  ) stored,
  match_beds integer generated always as (
    case when public.saved_search_params_valid(params) then coalesce((params ->> 'minBeds')::integer, 0) end
  ) stored,
  match_baths integer generated always as (
    case when public.saved_search_params_valid(params) then coalesce((params ->> 'minBaths')::integer, 0) end
  ) stored,
  match_area box generated always as (
    case when public.saved_search_params_valid(params) then
      case when params ? 'bbox' then
        box(
          point(split_part(params ->> 'bbox', ',', 1)::float8, split_part(params ->> 'bbox', ',', 2)::float8),
          point(split_part(params ->> 'bbox', ',', 3)::float8, split_part(params ->> 'bbox', ',', 4)::float8)
        )
      else box(point(-180, -90), point(180, 90)) end
    end
  ) stored,
  -- The first three characters of the longest word of at least three: any listing the search matches
  -- holds them in its text. Null when no word is that long.
  -- The search's words (search_words), and the start of its longest (see search_key).
  match_words text[] generated always as (
    case when public.saved_search_params_valid(params) then public.search_words(params ->> 'q') end
  ) stored,
  -- The start of the search's longest word (see search_key).
  match_key text generated always as (
    case when public.saved_search_params_valid(params) then public.search_key(params ->> 'q') end
  ) stored,

  constraint saved_searches_name_length check (char_length(name) between 1 and 80),
  constraint saved_searches_name_trimmed check (
    name !~ '^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
    and name !~ '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
  ),
  constraint saved_searches_params_valid check (public.saved_search_params_valid(params)),
  constraint saved_searches_price_order check (
    jsonb_typeof(params -> 'minPrice') is distinct from 'number'
    or jsonb_typeof(params -> 'maxPrice') is distinct from 'number'
    or params -> 'minPrice' <= params -> 'maxPrice'
  ),
  constraint saved_searches_alerts_valid check (alerts in ('off', 'instant', 'daily'))
);

comment on table public.saved_searches is 'A person''s saved searches of /search, at most 20 each.';
comment on column public.saved_searches.params is
  'The search as /search''s URL holds it after parseHomeSearch, without view.';
comment on column public.saved_searches.last_opened_at is
  'When the person last opened the search; listings published after it are new to them.';

create index saved_searches_user_idx on public.saved_searches (user_id, created_at);

/**
 * Server-owned columns and the limit. For everyone, user_id and created_at
 * never change; updated_at records a change of name, parameters or alerts;
 * last_opened_at is never in the future. For API callers an insert gets the
 * caller's id and the server's time. At most 20 searches a person: a per-person
 * lock makes two concurrent inserts count one after the other, and an insert of
 * an id that exists is let through so `on conflict do nothing` can skip it.
 */

create function public.stamp_saved_search()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  api_caller boolean := current_user in ('anon', 'authenticated')
    or coalesce(auth.role(), '') in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    new.id := coalesce(new.id, gen_random_uuid());
    if api_caller then
      new.user_id := auth.uid();
      new.created_at := now();
    else
      new.user_id := coalesce(new.user_id, auth.uid());
      new.created_at := coalesce(new.created_at, now());
    end if;
    new.updated_at := new.created_at;
    new.last_opened_at := least(coalesce(new.last_opened_at, now()), now());
    perform pg_advisory_xact_lock(hashtextextended('public.saved_searches:' || new.user_id::text, 0));
    if not exists (select from public.saved_searches where id = new.id)
      and (select count(*) from public.saved_searches where user_id = new.user_id) >= 20 then
      raise exception 'You can save up to 20 searches'
        using errcode = 'P0001', hint = 'Delete a saved search to save another.';
    end if;
  else
    new.id := old.id;
    new.user_id := old.user_id;
    new.created_at := old.created_at;
    new.last_opened_at := least(new.last_opened_at, now());
    if (new.name, new.params, new.alerts) is distinct from (old.name, old.params, old.alerts) then
      new.updated_at := now();
    else
      new.updated_at := old.updated_at;
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function public.stamp_saved_search() from public, anon, authenticated, service_role;

create trigger saved_searches_stamp
  before insert or update on public.saved_searches
  for each row execute function public.stamp_saved_search();

revoke all on public.saved_searches from anon, authenticated, service_role;
grant select, insert, update, delete on public.saved_searches to authenticated, service_role;

alter table public.saved_searches enable row level security;

create policy "Users can read their own saved searches"
  on public.saved_searches for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can save searches in their own name"
  on public.saved_searches for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can update their own saved searches"
  on public.saved_searches for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own saved searches"
  on public.saved_searches for delete to authenticated
  using (user_id = (select auth.uid()));

/**
 * ---------------------------------------------------------------------------
 * Push subscriptions
 * ---------------------------------------------------------------------------
 * A browser's Web Push subscription (PushSubscription.toJSON()): the endpoint
 * is the push service's URL for this browser, p256dh and auth its keys. The app
 * upserts on the endpoint. A browser belongs to whoever subscribed with it last:
 * subscribing with an endpoint another person registered moves it (the
 * endpoint is a secret of the browser, so whoever sends it holds the browser).
 * Only https endpoints are stored; the sender also refuses private addresses.
 */

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),

  constraint push_subscriptions_endpoint_https check (endpoint ~ '^https://[^/?#@\s]+(/|$)' and char_length(endpoint) <= 2048),
  -- base64url: an uncompressed P-256 point (65 bytes) and a 16-byte secret.
  constraint push_subscriptions_p256dh_valid check (p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'),
  constraint push_subscriptions_auth_valid check (auth ~ '^[A-Za-z0-9_-]{22,24}={0,2}$')
);

create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

create function public.stamp_push_subscription()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if current_user in ('anon', 'authenticated') or coalesce(auth.role(), '') in ('anon', 'authenticated') then
      new.user_id := auth.uid();
      new.created_at := now();
    end if;
    -- Runs before the conflict check of an upsert, so the browser's old row (another person's) goes.
    delete from public.push_subscriptions where endpoint = new.endpoint and user_id <> new.user_id;
  else
    new.id := old.id;
    new.user_id := old.user_id;
    new.created_at := old.created_at;
  end if;
  return new;
end;
$$;

revoke execute on function public.stamp_push_subscription() from public, anon, authenticated, service_role;

create trigger push_subscriptions_stamp
  before insert or update on public.push_subscriptions
  for each row execute function public.stamp_push_subscription();

revoke all on public.push_subscriptions from anon, authenticated, service_role;
grant select, insert, update, delete on public.push_subscriptions to authenticated, service_role;

alter table public.push_subscriptions enable row level security;

create policy "Users can read their own push subscriptions"
  on public.push_subscriptions for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add push subscriptions in their own name"
  on public.push_subscriptions for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can update their own push subscriptions"
  on public.push_subscriptions for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own push subscriptions"
  on public.push_subscriptions for delete to authenticated
  using (user_id = (select auth.uid()));

/**
 * ---------------------------------------------------------------------------
 * Functions for the app
 * ---------------------------------------------------------------------------
 * Security invoker: row-level security limits them to the caller's searches.
 *
 * saved_search_new_counts: for each of the caller's searches, the listings
 * published after it was last opened that match it, not the caller's own.
 * The count stops at 100 (the app shows "99+" beyond), so an old search costs
 * at most a bounded walk of the newest listings.
 *
 * open_saved_search: marks the search opened now and returns when it was
 * opened before, so /search can badge the homes published since as New. Null
 * when the caller has no such search.
 */

create function public.saved_search_new_counts()
  returns table (saved_search_id uuid, new_count integer)
  language sql
  stable
  set search_path = ''
as $$
  select s.id, counted.n::integer
  from public.saved_searches as s
  cross join lateral (
    select count(*) as n
    from (
      select
      from public.listings as l
      where l.created_at > s.last_opened_at
        and l.user_ref is distinct from (select auth.uid())
        and public.listing_matches_search(l, s.params)
      limit 100
    ) as matches
  ) as counted
  where s.user_id = (select auth.uid())
  order by s.created_at, s.id;
$$;

create function public.open_saved_search(search_id uuid)
  returns timestamptz
  language plpgsql
  volatile
  set search_path = ''
as $$
declare
  previous timestamptz;
begin
  select s.last_opened_at into previous
  from public.saved_searches as s
  where s.id = search_id and s.user_id = (select auth.uid())
  for update;
  if found then
    update public.saved_searches set last_opened_at = now() where id = search_id;
  end if;
  return previous;
end;
$$;

revoke execute on function public.saved_search_new_counts() from public, anon;
revoke execute on function public.open_saved_search(uuid) from public, anon;
grant execute on function public.saved_search_new_counts() to authenticated, service_role;
grant execute on function public.open_saved_search(uuid) to authenticated, service_role;
grant execute on function public.listing_matches_search(public.listings, jsonb) to anon, authenticated, service_role;
