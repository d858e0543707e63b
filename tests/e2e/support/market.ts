import { DEFAULT_SERVICE_ROLE_KEY } from '@roost/local-supabase/config'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { API_URL, anon } from './stack'

/**
 * The service role, for what a landlord's phone or time itself would do to a listing: its status, its price,
 * and (only the service role may) how long ago the status changed, so a home can be past its time on the market.
 */
const admin = createClient(API_URL, DEFAULT_SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
})

export type MarketListing = { id: string; name: string; type: 'rent' | 'sale'; path: string }

/** A word no seed listing holds, so a search for it finds only this test's homes. */
export const uniqueWord = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/**
 * Publishes homes for a test (owned by a seed landlord unless `owner` names one, with a photo of its landlord's
 * newest listing: a listing's photos are its owner's), newest last, each at `price` (2225 unless said) with the columns of `columns` (property facts, say); returns them in
 * the order given.
 */
export async function publishHomes(
  homes: {
    name: string
    type?: 'rent' | 'sale'
    price?: number
    owner?: string
    columns?: Record<string, unknown>
  }[],
): Promise<MarketListing[]> {
  const { data: seed, error: seedError } = await anon
    .from('listings')
    .select('image_urls,user_ref')
    .order('created_at', { ascending: false })
    .limit(1)
    .single()
  if (seedError) throw seedError
  const photosOf = async (owner: string): Promise<string[]> => {
    const { data, error } = await anon
      .from('listings')
      .select('image_urls')
      .eq('user_ref', owner)
      .order('created_at', { ascending: false })
      .limit(1)
      .single()
    if (error) throw error
    return data.image_urls
  }
  const made: MarketListing[] = []
  for (const home of homes) {
    const type = home.type ?? 'rent'
    const { data, error } = await admin
      .from('listings')
      .insert({
        type,
        name: home.name,
        bedrooms: 2,
        bathrooms: 1,
        parking: false,
        furnished: false,
        location: '1 Market Street, London',
        offer: false,
        regular_price: home.price ?? 2225,
        discounted_price: null,
        image_urls: home.owner ? await photosOf(home.owner) : seed.image_urls,
        latitude: 51.5,
        longitude: -0.1,
        user_ref: home.owner ?? seed.user_ref,
        ...home.columns,
      })
      .select('id')
      .single()
    if (error) throw error
    made.push({ id: data.id, name: home.name, type, path: `/category/${type}/${data.id}` })
  }
  return made
}

async function update(id: string, values: Record<string, unknown>): Promise<void> {
  const { error } = await admin.from('listings').update(values).eq('id', id)
  if (error) throw error
}

export const setStatus = (home: MarketListing, status: string) => update(home.id, { status })
export const setPrice = (home: MarketListing, price: number) => update(home.id, { regular_price: price })

/** Moves the last status change `days` into the past (the off-market time follows it). */
export const statusChangedDaysAgo = (home: MarketListing, days: number) =>
  update(home.id, { status_changed_at: new Date(Date.now() - days * 86_400_000).toISOString() })

/** Removes a test's homes, so the specs after it see the seed's lists. */
export async function removeHomes(homes: MarketListing[]): Promise<void> {
  if (homes.length === 0) return
  const { error } = await admin
    .from('listings')
    .delete()
    .in(
      'id',
      homes.map((home) => home.id),
    )
  if (error) throw error
}

/** Whether the person chose `Tell me when a saved home changes` (profiles.saved_home_alerts), as the server has it. */
export async function savedHomeAlertsOf(userId: string): Promise<boolean> {
  const { data, error } = await admin.from('profiles').select('saved_home_alerts').eq('id', userId).single()
  if (error) throw error
  return data.saved_home_alerts as boolean
}
