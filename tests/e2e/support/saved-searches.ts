import { expect, type Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Account } from './accounts'
import { apiClient, DEMO_PASSWORD } from './stack'

/** A saved search as the server holds it. */
export type SavedSearchRow = {
  id: string
  name: string
  params: Record<string, unknown>
  alerts: 'off' | 'instant' | 'daily'
  last_opened_at: string
}

/** A supabase-js client signed in as the account (the server's view of its own rows, through RLS). */
export async function clientOf(email: string, password = DEMO_PASSWORD): Promise<SupabaseClient> {
  const client = apiClient()
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw error
  return client
}

/** An account made through the auth API (no screens), to sign in with later. */
export async function accountViaApi(account: Account): Promise<void> {
  const { error } = await apiClient().auth.signUp({
    email: account.email,
    password: account.password,
    options: { data: { name: account.name } },
  })
  if (error) throw error
}

/** The account's saved searches on the server, oldest first. */
export async function serverSavedSearches(client: SupabaseClient): Promise<SavedSearchRow[]> {
  const { data, error } = await client
    .from('saved_searches')
    .select('id,name,params,alerts,last_opened_at')
    .order('created_at', { ascending: true })
  if (error) throw error
  return data as SavedSearchRow[]
}

/** A word no seed listing holds, so a search for it matches only what a test publishes. */
export const uniqueWord = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Publishes a home for rent through the API as `client`'s account, as the listing form would. */
export async function publishHome(
  client: SupabaseClient,
  home: { name: string; location: string; price: number; bedrooms: number },
): Promise<string> {
  const { data, error } = await client
    .from('listings')
    .insert({
      type: 'rent',
      name: home.name,
      location: home.location,
      bedrooms: home.bedrooms,
      bathrooms: 1,
      parking: false,
      furnished: false,
      offer: false,
      regular_price: home.price,
      discounted_price: null,
      image_urls: ['https://images.example.com/homes/front.jpg'],
      latitude: 51.545,
      longitude: -0.055,
    })
    .select('id')
    .single()
  if (error) throw error
  return (data as { id: string }).id
}

/** The saved search's item on the Saved tab's Searches view. */
export const savedSearchItem = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) })

/** Opens the Saved tab's Searches view through the bottom navigation and its views. */
export async function openSavedSearches(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Saved', exact: true }).first().click()
  await page.getByRole('navigation', { name: 'Saved' }).getByRole('link', { name: 'Searches' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible()
}
