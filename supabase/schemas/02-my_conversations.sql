/**
 * The caller's conversations, most recent first, a keyset page at a time (before_at, before_id: the
 * last row of the previous page), or the one named by only_id: the listing (name, cover, price), the
 * other person's name (never their email), the latest message and whether the caller has news.
 */

create or replace function public.my_conversations(page_size integer default 30, before_at timestamp with time zone default NULL::timestamp with time zone, before_id uuid default NULL::uuid, only_id uuid default NULL::uuid)
  returns table(id uuid, listing_id uuid, listing_name text, listing_category text, listing_image text, listing_price integer, role text, other_id uuid, other_name text, last_message_at timestamp with time zone, last_body text, last_from_me boolean, unread boolean, other_read_at timestamp with time zone)
  language sql
  stable security definer
  set search_path to ''
as $function$
  with me as (select auth.uid() as id),
  picked as (
    (
      select c.* from public.conversations as c, me
      where c.hunter_id = me.id
        and (only_id is null or c.id = only_id)
        and (before_at is null or (c.last_message_at, c.id) < (before_at, before_id))
      order by c.last_message_at desc, c.id desc
      limit least(greatest(page_size, 1), 100)
    )
    union all
    (
      select c.* from public.conversations as c, me
      where c.landlord_id = me.id
        and (only_id is null or c.id = only_id)
        and (before_at is null or (c.last_message_at, c.id) < (before_at, before_id))
      order by c.last_message_at desc, c.id desc
      limit least(greatest(page_size, 1), 100)
    )
  )
  select
    c.id,
    c.listing_id,
    l.name,
    l.type,
    l.image_urls[1],
    coalesce(l.discounted_price, l.regular_price)::integer,
    case when c.hunter_id = me.id then 'hunter' else 'landlord' end,
    case when c.hunter_id = me.id then c.landlord_id else c.hunter_id end,
    p.name,
    c.last_message_at,
    m.body,
    m.sender_id = me.id,
    c.last_message_at > case when c.hunter_id = me.id then c.hunter_read_at else c.landlord_read_at end,
    case when c.hunter_id = me.id then c.landlord_read_at else c.hunter_read_at end
  from picked as c
  cross join me
  left join public.listings as l on l.id = c.listing_id
  left join public.profiles as p on p.id = case when c.hunter_id = me.id then c.landlord_id else c.hunter_id end
  left join lateral (
    select x.body, x.sender_id from public.messages as x
    where x.conversation_id = c.id
    order by x.created_at desc, x.id desc
    limit 1
  ) as m on true
  order by c.last_message_at desc, c.id desc
  limit least(greatest(page_size, 1), 100);
$function$;

revoke all on function public.my_conversations(page_size integer, before_at timestamp with time zone, before_id uuid, only_id uuid) from public, anon, authenticated, service_role;
grant execute on function public.my_conversations(page_size integer, before_at timestamp with time zone, before_id uuid, only_id uuid) to authenticated;
grant execute on function public.my_conversations(page_size integer, before_at timestamp with time zone, before_id uuid, only_id uuid) to service_role;
