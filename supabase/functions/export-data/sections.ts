/**
 * What a person's export holds: one named section per kind of data, each a query of rows for the person
 * `$1`. A section whose table does not exist (yet) is left out, so adding a kind of data is one entry here.
 * Every query names the person's own rows only; other people's appear only as the other side of the
 * person's own conversations (their messages to the person), which are the person's data too.
 */
export type Section = {
  /** The key in the export. */
  key: string
  /** Tables the query reads; the section is skipped unless all exist. */
  tables: string[]
  /** Rows as JSON objects; `$1` is the person's id. */
  sql: string
  /** One object instead of an array. */
  single?: boolean
}

const OWN_LISTINGS = 'select l.id from public.listings as l where l.user_ref = $1'

export const SECTIONS: Section[] = [
  {
    key: 'profile',
    tables: ['public.profiles'],
    single: true,
    sql: 'select p.id, p.name, p.email, p.created_at from public.profiles as p where p.id = $1',
  },
  {
    key: 'listings',
    tables: ['public.listings'],
    // image_urls are the photos' public addresses.
    sql: `select l.* from public.listings as l where l.user_ref = $1 order by l.created_at, l.id`,
  },
  {
    key: 'saved_homes',
    tables: ['public.saved_listings'],
    sql: 'select s.listing_id, s.created_at from public.saved_listings as s where s.user_id = $1 order by s.created_at',
  },
  {
    key: 'saved_searches',
    tables: ['public.saved_searches'],
    sql: `select s.id, s.name, s.params, s.alerts, s.last_opened_at, s.created_at, s.updated_at
          from public.saved_searches as s where s.user_id = $1 order by s.created_at`,
  },
  {
    // How each saved search's alerts reach the person (push, email), and why email stopped if it did.
    key: 'saved_search_channels',
    tables: ['public.saved_search_channels'],
    sql: `select c.saved_search_id, c.push, c.email, c.email_stopped, c.email_stopped_at
          from public.saved_search_channels as c where c.user_id = $1 order by c.saved_search_id`,
  },
  {
    key: 'conversations',
    tables: ['public.conversations', 'public.messages'],
    sql: `select c.id, c.listing_id, c.created_at,
                 case when c.hunter_id = $1 then 'hunter' else 'landlord' end as my_role,
                 coalesce((
                   select jsonb_agg(jsonb_build_object(
                            'id', m.id, 'from_me', m.sender_id is not distinct from $1,
                            'body', m.body, 'created_at', m.created_at) order by m.created_at, m.id)
                   from public.messages as m where m.conversation_id = c.id
                 ), '[]'::jsonb) as messages
          from public.conversations as c
          where c.hunter_id = $1 or c.landlord_id = $1
          order by c.created_at, c.id`,
  },
  {
    key: 'blocked_people',
    tables: ['public.blocked_senders'],
    sql: 'select b.blocked_id, b.created_at from public.blocked_senders as b where b.blocker_id = $1',
  },
  {
    key: 'listing_reports',
    tables: ['public.listing_reports'],
    sql: `select r.listing_id, r.reason, r.note, r.created_at
          from public.listing_reports as r where r.reporter_id = $1 order by r.created_at`,
  },
  {
    // Which address the person confirmed with an emailed link, and when (their reports count only then), or null.
    key: 'email_confirmation',
    tables: ['public.email_confirmations'],
    single: true,
    sql: 'select c.email, c.confirmed_at from public.email_confirmations as c where c.user_id = $1',
  },
  {
    // Every change of the price a person pays for the person's listings; the first row of each is the listed price.
    key: 'listing_price_history',
    tables: ['public.listing_price_history'],
    sql: `select h.listing_id, h.price, h.previous_price, h.changed_at
          from public.listing_price_history as h where h.listing_id in (${OWN_LISTINGS})
          order by h.listing_id, h.changed_at, h.id`,
  },
  {
    // Every status of the person's listings since publication.
    key: 'listing_status_history',
    tables: ['public.listing_status_history'],
    sql: `select h.listing_id, h.status, h.previous_status, h.changed_at
          from public.listing_status_history as h where h.listing_id in (${OWN_LISTINGS})
          order by h.listing_id, h.changed_at, h.id`,
  },
  {
    // When the person last opened the app (to the hour), or null.
    key: 'app_opened',
    tables: ['public.app_openings'],
    single: true,
    sql: 'select o.last_seen_at from public.app_openings as o where o.user_id = $1',
  },
  {
    // What moderators decided about the person's listings, and why (not which moderator).
    key: 'moderation_decisions',
    tables: ['public.moderation_decisions'],
    sql: `select d.listing_id, d.listing_name, d.decision, d.reason, d.note, d.on_appeal, d.decided_at
          from public.moderation_decisions as d where d.landlord_id = $1 order by d.decided_at, d.id`,
  },
  {
    // What Roost told the person about decisions (their reports' outcomes, their listings').
    key: 'notices_from_roost',
    tables: ['public.moderation_notices'],
    sql: 'select n.body, n.created_at from public.moderation_notices as n where n.person_id = $1 order by n.id',
  },
  {
    // The times the person offers on their listings (removed ones too: a booking may name them).
    key: 'viewing_times',
    tables: ['public.viewing_slots'],
    sql: `select s.id, s.listing_id, s.starts_at, s.minutes, s.confirm_each, s.removed_at, s.created_at
          from public.viewing_slots as s where s.landlord_id = $1 order by s.starts_at, s.id`,
  },
  {
    // The person's viewings from either side; the other person appears by role only.
    key: 'viewings',
    tables: ['public.viewing_bookings'],
    sql: `select b.id, b.listing_id, b.slot_id, b.starts_at, b.ends_at, b.status, b.cancelled_late,
                 case when b.hunter_id = $1 then 'hunter' else 'landlord' end as my_role,
                 b.cancelled_by = $1 as cancelled_by_me, b.created_at, b.updated_at
          from public.viewing_bookings as b
          where b.hunter_id = $1 or b.landlord_id = $1
          order by b.starts_at, b.id`,
  },
  {
    // The person's notes and 👍 / 👎 on homes (those shared with a shortlist too).
    key: 'home_notes',
    tables: ['public.home_notes'],
    sql: `select n.listing_id, n.body, n.vote, n.shortlist_id is not null as shared, n.created_at, n.updated_at
          from public.home_notes as n where n.author_id = $1 order by n.created_at, n.id`,
  },
  {
    // The shortlist the person shares, the other members by name, and the homes the person added to it.
    key: 'shortlist_memberships',
    tables: ['public.shortlist_members', 'public.shortlist_homes'],
    sql: `select m.shortlist_id, m.seat, m.joined_at,
                 coalesce((select jsonb_agg(o.name order by o.seat) from public.shortlist_members as o
                           where o.shortlist_id = m.shortlist_id and o.user_id <> $1), '[]'::jsonb) as shared_with,
                 coalesce((select jsonb_agg(jsonb_build_object('listing_id', h.listing_id, 'added_at', h.created_at)
                                            order by h.created_at)
                           from public.shortlist_homes as h
                           where h.shortlist_id = m.shortlist_id and h.added_by = $1), '[]'::jsonb) as homes_added
          from public.shortlist_members as m where m.user_id = $1`,
  },
  {
    key: 'push_subscriptions',
    tables: ['public.push_subscriptions'],
    sql: `select s.endpoint, s.created_at from public.push_subscriptions as s where s.user_id = $1 order by s.created_at`,
  },
]

/** One statement building the whole export from the sections whose tables exist. */
export function exportQuery(sections: Section[]): string {
  const parts = sections.map((s) => {
    const value = s.single
      ? `(select to_jsonb(t) from (${s.sql}) as t limit 1)`
      : `coalesce((select jsonb_agg(to_jsonb(t)) from (${s.sql}) as t), '[]'::jsonb)`
    return `'${s.key}', ${value}`
  })
  return `select jsonb_build_object(${parts.join(', ')}) as data`
}
