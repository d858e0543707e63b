import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { keywordTokens } from '../../src/utils/keywords'
import { serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * A listing's description: optional, trimmed, some visible text, up to 2,000 characters. Postgres
 * refuses anything else, whether it comes as SQL or through /rest/v1; the derived search columns are
 * Postgres's own and nobody writes them.
 */

let landlord: TestUser
let id: string

beforeAll(async () => {
  landlord = await signedInUser('Dana Description')
  id = randomUUID()
  const image = `${inject('apiUrl')}/storage/v1/object/public/listing-images/${landlord.id}/${id}/1.jpg`
  const { error } = await landlord.client.from('listings').insert(validListing(id, { image_urls: [image] }))
  if (error) throw error
})

afterAll(async () => {
  await serviceClient().from('listings').delete().eq('id', id)
})

const REFUSED: [string, string, RegExp][] = [
  ['empty', '', /listings_description_visible/],
  ['only spaces', '   ', /listings_description_(trimmed|visible)/],
  ['leading space', ' A lovely home.', /listings_description_trimmed/],
  ['trailing line break', 'A lovely home.\n', /listings_description_trimmed/],
  ['only a zero-width space', '\u200b', /listings_description_visible/],
  ['a control character', 'A lovely\u0007 home.', /listings_description_no_controls/],
  ['2,001 characters', 'a'.repeat(2001), /listings_description_length/],
]
const ACCEPTED: [string, string | null][] = [
  ['none', null],
  ['2,000 characters', 'a'.repeat(2000)],
  ['lines and a tab inside', 'Two bedrooms.\n\n\tA garden, with an apple tree.'],
  ['non-Latin text', 'Уютная квартира. 近くに駅があります。'],
]

describe('description, through /rest/v1 as its owner', () => {
  it.each(REFUSED)('refuses %s with 400 and the constraint', async (_name, description, constraint) => {
    const { error, status } = await landlord.client.from('listings').update({ description }).eq('id', id)
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
    expect(error?.message).toMatch(constraint)
  })

  it.each(ACCEPTED)('accepts %s', async (_name, description) => {
    const { data, error } = await landlord.client
      .from('listings')
      .update({ description })
      .eq('id', id)
      .select('description, keywords')
      .single()
    expect(error).toBeNull()
    expect(data?.description).toBe(description)
    for (const token of keywordTokens(description)) expect(String(data?.keywords)).toContain(`'${token}'`)
  })
})

describe('description, as SQL', () => {
  it.each(REFUSED)('refuses %s', async (_name, description, constraint) => {
    await withDatabase(async (db) => {
      await expect(
        db.query('update public.listings set description = $1 where id = $2', [description, id]),
      ).rejects.toThrow(constraint)
    })
  })

  it.each(ACCEPTED)('accepts %s', async (_name, description) => {
    await withDatabase(async (db) => {
      const { rowCount } = await db.query('update public.listings set description = $1 where id = $2', [
        description,
        id,
      ])
      expect(rowCount).toBe(1)
    })
  })
})

describe('the derived columns', () => {
  it.each(['effective_price', 'keywords'])('%s cannot be written through /rest/v1', async (column) => {
    const value = column === 'effective_price' ? 1 : 'cheap'
    const updated = await landlord.client
      .from('listings')
      .update({ [column]: value })
      .eq('id', id)
    expect(updated.error).not.toBeNull()
    expect(updated.status).toBeGreaterThanOrEqual(400)
    expect(updated.status).toBeLessThan(500)
    const otherId = randomUUID()
    const image = `${inject('apiUrl')}/storage/v1/object/public/listing-images/${landlord.id}/${otherId}/1.jpg`
    const inserted = await landlord.client
      .from('listings')
      .insert(validListing(otherId, { image_urls: [image], [column]: value }))
    expect(inserted.error).not.toBeNull()
    expect(inserted.status).toBeGreaterThanOrEqual(400)
    expect(inserted.status).toBeLessThan(500)
    const { data } = await serviceClient()
      .from('listings')
      .select('effective_price, keywords')
      .eq('id', id)
      .single()
    expect(data?.effective_price).toBe(1200)
    expect(data?.keywords).not.toBe('cheap')
  })

  it('place_ids is worked out again from the position when written', async () => {
    const { error } = await landlord.client
      .from('listings')
      .update({ place_ids: [2643743] })
      .eq('id', id)
    expect(error).toBeNull()
    const { data } = await serviceClient().from('listings').select('place_ids').eq('id', id).single()
    const cambridge = await withDatabase(
      async (db) =>
        (await db.query('select public.place_ids_at(52.1982, 0.1407) as ids')).rows[0]?.ids as number[],
    )
    expect(data?.place_ids).toEqual(cambridge)
    expect(data?.place_ids).not.toEqual([2643743])
  })
})
