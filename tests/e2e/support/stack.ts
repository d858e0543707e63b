import type { Page } from '@playwright/test'
import { E2E_API_URL } from '@roost/local-supabase/cli/e2e-ports'
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { authStorageKey } from '../../../src/lib/auth-storage-key'

/** The e2e stack's API (packages/local-supabase/src/cli/e2e-server.ts) and the local anon key the app is built with. */
export const API_URL = E2E_API_URL
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const DEMO_PASSWORD = 'roost-demo'
/** Where the app's supabase-js keeps its session in localStorage. */
export const SESSION_KEY = authStorageKey(API_URL)

/** A supabase-js client for the test process; Node 20 lacks the WebSocket supabase-js requires, so `ws` stands in. */
export function apiClient(): SupabaseClient {
  return createClient(API_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

/** A visitor's view of the data, to know what the screens should show (the seed is not hard-coded here). */
export const anon = apiClient()

export type SeedListing = {
  id: string
  type: 'rent' | 'sale'
  name: string
  location: string
  offer: boolean
  regular_price: number
  discounted_price: number | null
  bedrooms: number
  bathrooms: number
  parking: boolean
  furnished: boolean
  user_ref: string
}

const COLUMNS =
  'id,type,name,location,offer,regular_price,discounted_price,bedrooms,bathrooms,parking,furnished,user_ref'

/** Listings newest first, as every list in the app orders them. */
export async function newestListings(
  filter: { offer?: true; type?: 'rent' | 'sale' } = {},
): Promise<SeedListing[]> {
  let query = anon.from('listings').select(COLUMNS)
  if (filter.offer) query = query.eq('offer', true)
  if (filter.type) query = query.eq('type', filter.type)
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
  if (error) throw error
  return data as unknown as SeedListing[]
}

/** The demo accounts, whose homes the seed holds; every other account is a spec's own (accounts.ts newAccount). */
const DEMO_EMAILS = ['alice@example.com', 'ben@example.com', 'chloe@example.com']
let demoOwners: Promise<Set<string>> | undefined

/** The demo accounts' ids, asked once per worker. */
export function demoOwnerIds(): Promise<Set<string>> {
  demoOwners ??= Promise.all(
    DEMO_EMAILS.map(async (email) => {
      const { data, error } = await apiClient().auth.signInWithPassword({ email, password: DEMO_PASSWORD })
      if (error || !data.user) throw error ?? new Error(`no user ${email}`)
      return data.user.id
    }),
  ).then((ids) => new Set(ids))
  return demoOwners
}

/**
 * The newest demo home that matches, or a clear failure when the seed has none of that kind. Only the demo
 * accounts' homes: what other specs published before this one (which differs with the workers' share of the
 * specs) never decides what a spec reads.
 */
export async function someListing(match: (listing: SeedListing) => boolean): Promise<SeedListing> {
  const owners = await demoOwnerIds()
  const listing = (await newestListings()).find((l) => owners.has(l.user_ref) && match(l))
  if (!listing) throw new Error('the seed has no listing of the kind this test needs')
  return listing
}

/** Signs a demo user in through the API and hands the session to the app as supabase-js stores it. */
export async function signInAs(page: Page, email: string): Promise<Session> {
  const client = apiClient()
  const { data, error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD })
  if (error || !data.session) throw error ?? new Error(`no session for ${email}`)
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key as string, value as string),
    [SESSION_KEY, JSON.stringify(data.session)],
  )
  return data.session
}

/** "£1,250" / "£1,250 / month": how the app writes a price. */
export function priceText(listing: SeedListing): string {
  const amount =
    listing.offer && listing.discounted_price !== null ? listing.discounted_price : listing.regular_price
  const pounds = `£${amount.toLocaleString('en-GB')}`
  return listing.type === 'rent' ? `${pounds} / month` : pounds
}
