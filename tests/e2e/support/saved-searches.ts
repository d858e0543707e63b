import { randomUUID } from 'node:crypto'
import { expect, type Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { withPublishingFacts } from '../../integration/support/publishing-facts'
import { type Account, newAccount, uploadListingPhoto } from './accounts'
import { apiClient, DEMO_PASSWORD, SESSION_KEY } from './stack'

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

/** A person made through the auth API: their account, a supabase-js client signed in as them, and their id. */
export type Person = { account: Account; client: SupabaseClient; id: string }

/** A new account (named after `label`) with a client signed in as it: for specs with several people. */
export async function personViaApi(label: string): Promise<Person> {
  const account = newAccount(label)
  await accountViaApi(account)
  const client = await clientOf(account.email, account.password)
  const { data } = await client.auth.getUser()
  if (!data.user) throw new Error(`no user for ${account.email}`)
  return { account, client, id: data.user.id }
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
  const { data: session } = await client.auth.getSession()
  const userId = session.session?.user.id
  if (!userId) throw new Error('publishHome needs a signed-in client')
  // With a photo of its own on the stack, as a landlord's home has: the lists that show it draw its picture.
  const id = randomUUID()
  const photoUrl = await uploadListingPhoto(client, userId, id)
  const { error } = await client.from('listings').insert(
    withPublishingFacts({
      id,
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
      image_urls: [photoUrl],
      latitude: 51.545,
      longitude: -0.055,
    }),
  )
  if (error) throw error
  return id
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

/**
 * A new account, made through the auth API and handed to the app signed in (as supabase-js keeps a session):
 * the screens of signing up are other specs' subject. Returns the account; the app opens on `path`.
 */
export async function newSignedInAccount(
  page: Page,
  label: string,
  path = '/saved?view=searches',
): Promise<Account> {
  const account = newAccount(label)
  await accountViaApi(account)
  const client = apiClient()
  const { data, error } = await client.auth.signInWithPassword({
    email: account.email,
    password: account.password,
  })
  if (error || !data.session) throw error ?? new Error(`no session for ${account.email}`)
  await page.addInitScript(
    ([key, value]) => {
      // Once: a later sign-out in the test stays signed out.
      if (sessionStorage.getItem('roost-test-session-set')) return
      sessionStorage.setItem('roost-test-session-set', '1')
      window.localStorage.setItem(key as string, value as string)
    },
    [SESSION_KEY, JSON.stringify(data.session)],
  )
  await page.goto(path)
  return account
}
