import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import { validListing } from './support/rls-cases'

/**
 * The keyword vocabulary: every word a listing is written with, so that a search's prefix becomes the
 * exact words it stands for (home_search_exact). Nothing may be lost by it: a word new to Roost, published
 * or edited in, is found by its prefix at once, and a prefix of too many words or of none still finds
 * what a prefix finds. Nobody reads or writes the vocabulary but the search functions and the triggers.
 */

// Words no other test writes: letters only, fresh per run.
const stem = `vq${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 8)}`
let landlord: TestUser
const ids: string[] = []

async function publish(description: string): Promise<string> {
  const id = randomUUID()
  const { error } = await landlord.client.from('listings').insert(validListing(id, { description }))
  if (error) throw error
  ids.push(id)
  return id
}

async function found(keywords: string): Promise<{ count: number; ids: string[] }> {
  const anon = anonClient()
  const counted = await anon.rpc('count_homes', { search: { keywords } })
  if (counted.error) throw counted.error
  const page = await anon.rpc('search_homes', { search: { keywords }, sort: 'newest', page_size: 50 })
  if (page.error) throw page.error
  return { count: counted.data as number, ids: (page.data as { id: string }[]).map((home) => home.id).sort() }
}

async function exact(query: string): Promise<string> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ query: string }>(
      `select public.home_search_exact($1::jsonb) ->> 'query' as query`,
      [JSON.stringify({ query })],
    )
    return rows[0]?.query as string
  })
}

beforeAll(async () => {
  landlord = await signedInUser('Vera Vocabulary')
})

afterAll(async () => {
  if (ids.length) await serviceClient().from('listings').delete().in('id', ids)
  await withDatabase((db) =>
    db.query('delete from public.keyword_vocabulary where word like $1', [`${stem}%`]),
  )
})

describe('keyword vocabulary', () => {
  it('finds a word new to Roost by its prefix as soon as the listing is published', async () => {
    const id = await publish(`A quiet flat with a ${stem}alpha in the yard.`)
    expect(await found(stem)).toEqual({ count: 1, ids: [id] })
    expect(await found(`${stem}alp`)).toEqual({ count: 1, ids: [id] })
    expect(await exact(`'${stem}alp':*`)).toBe(`('${stem}alpha')`)
  })

  it('finds a word an edit brings in, and every word of the prefix as one of them', async () => {
    const first = ids[0] as string
    const second = await publish(`Two rooms and a ${stem}alpine view.`)
    expect(await exact(`'${stem}alp':*`)).toBe(`('${stem}alpha' | '${stem}alpine')`)
    expect(await found(`${stem}alp`)).toEqual({ count: 2, ids: [first, second].sort() })

    const { error } = await landlord.client
      .from('listings')
      .update({ description: `Now with a ${stem}beta cellar.` })
      .eq('id', second)
    expect(error).toBeNull()
    expect(await found(`${stem}bet`)).toEqual({ count: 1, ids: [second] })
    // The word the edit took out stays in the vocabulary and matches nothing more.
    expect(await found(`${stem}alp`)).toEqual({ count: 1, ids: [first] })
  })

  it('keeps a prefix of more than 64 words, or of none, a prefix: the same homes', async () => {
    await withDatabase((db) =>
      db.query(
        `insert into public.keyword_vocabulary (word)
         select $1 || 'many' || lpad(n::text, 3, '0') from generate_series(1, 65) as n on conflict do nothing`,
        [stem],
      ),
    )
    expect(await exact(`'${stem}many':*`)).toBe(`'${stem}many':*`)
    const id = await publish(`A loft over ${stem}many042 street.`)
    expect(await found(`${stem}many`)).toEqual({ count: 1, ids: [id] })

    expect(await exact(`'${stem}none':* & '${stem}alp':*`)).toBe(
      `'${stem}none':* & ('${stem}alpha' | '${stem}alpine')`,
    )
    expect(await found(`${stem}none`)).toEqual({ count: 0, ids: [] })
  })

  it('leaves a query without prefixes as it is', async () => {
    expect(await exact(`'${stem}alpha'`)).toBe(`'${stem}alpha'`)
  })

  it('is read and written by nobody through the API', async () => {
    const anon = anonClient()
    const read = await anon.from('keyword_vocabulary').select('word').limit(1)
    expect(read.error?.code).toBe('42501')
    const write = await landlord.client.from('keyword_vocabulary').insert({ word: `${stem}forged` })
    expect(write.error?.code).toBe('42501')
    const service = await serviceClient()
      .from('keyword_vocabulary')
      .insert({ word: `${stem}forged` })
    expect(service.error?.code).toBe('42501')
  })
})
