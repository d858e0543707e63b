import { type BrowserContext, expect, type Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { withPublishingFacts } from '../../integration/support/publishing-facts'
import { uploadListingPhoto } from './accounts'
import { apiClient, SESSION_KEY } from './stack'

/** A listing row as the edit specs check it. */
export type EditedRow = {
  id: string
  type: 'rent' | 'sale'
  name: string
  description: string | null
  bedrooms: number
  regular_price: number
  status: string
  version: number
  image_urls: string[]
}

const BUCKET = 'listing-images'

/**
 * Publishes a home for rent as `client`'s account, with real photos uploaded to its folder
 * (`<user id>/<listing id>/<name>`), as the app would; returns its id and photo URLs.
 */
/** The listings publishWithPhotos made, with the client of their landlord, until removePublished() removes them. */
const published: { client: SupabaseClient; id: string }[] = []

/**
 * Deletes the listings this spec's tests published (their photos stay in Storage, unseen): every spec after
 * this one finds the newest listings as the seed made them, not a test's tiny photos.
 */
export async function removePublished(): Promise<void> {
  for (const { client, id } of published.splice(0)) {
    const { error } = await client.from('listings').delete().eq('id', id)
    if (error) throw error
  }
}

export async function publishWithPhotos(
  client: SupabaseClient,
  userId: string,
  home: { name: string; type?: 'rent' | 'sale'; status?: string; photos: string[] },
): Promise<{ id: string; urls: string[] }> {
  const id = crypto.randomUUID()
  const urls: string[] = []
  for (const name of home.photos) urls.push(await uploadListingPhoto(client, userId, id, name))
  const { error } = await client.from('listings').insert(
    withPublishingFacts({
      id,
      type: home.type ?? 'rent',
      name: home.name,
      location: 'Leeds',
      description: 'Near the market',
      bedrooms: 1,
      bathrooms: 1,
      parking: false,
      furnished: false,
      offer: false,
      regular_price: 800,
      discounted_price: null,
      image_urls: urls,
      latitude: 53.8,
      longitude: -1.55,
      ...(home.status ? { status: home.status } : {}),
    }),
  )
  if (error) throw error
  published.push({ client, id })
  return { id, urls }
}

/** The listing's row as the server holds it now (null when gone). */
export async function serverRow(client: SupabaseClient, id: string): Promise<EditedRow | null> {
  const { data, error } = await client
    .from('listings')
    .select('id,type,name,description,bedrooms,regular_price,status,version,image_urls')
    .eq('id', id)
    .maybeSingle()
  if (error) throw error
  return data as EditedRow | null
}

/** The names of the objects in the listing's photo folder, sorted. */
export async function storedObjects(client: SupabaseClient, userId: string, id: string): Promise<string[]> {
  const { data, error } = await client.storage.from(BUCKET).list(`${userId}/${id}`)
  if (error) throw error
  return data.map((object) => object.name).sort()
}

/** Signs a browser context in as the account (a second device of the same person). */
export async function signInContext(context: BrowserContext, email: string, password: string): Promise<void> {
  const { data, error } = await apiClient().auth.signInWithPassword({ email, password })
  if (error || !data.session) throw error ?? new Error(`no session for ${email}`)
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key as string))
        window.localStorage.setItem(key as string, value as string)
    },
    [SESSION_KEY, JSON.stringify(data.session)],
  )
}

/** A listing's card in Your Listings. */
export const myListing = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Your Listings' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })

/** Opens the edit screen of a listing from its card (in the app, so it works offline too). */
export async function openEdit(page: Page, name: string): Promise<void> {
  await myListing(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue(name)
}
