import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../config'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { demoListings } from './demo-listings'
import { seedSql } from './seed-sql'

const listings = demoListings()
const share = (test: (listing: (typeof listings)[number]) => boolean) =>
  listings.filter(test).length / listings.length

describe('the demo listings', () => {
  it('are what supabase/seed.sql holds (npm run seed:write regenerates it)', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, 'supabase', 'seed.sql'), 'utf8')).toBe(seedSql())
  })

  it('are the same on every run', () => {
    expect(demoListings()).toEqual(listings)
  })

  it('number at least 300, in at least 25 towns and cities, owned by the demo accounts', () => {
    expect(listings.length).toBeGreaterThanOrEqual(300)
    const towns = new Set(
      listings.map((l) =>
        l.location
          .split(', ')
          .at(-1)
          ?.replace(/ [A-Z0-9]+$/, ''),
      ),
    )
    expect(towns.size).toBeGreaterThanOrEqual(25)
    const owners: string[] = DEMO_ACCOUNTS.map((account) => account.id)
    expect(listings.every((l) => owners.includes(l.owner))).toBe(true)
    expect(new Set(listings.map((l) => l.id)).size).toBe(listings.length)
  })

  it('have believable prices: rent £550–£4,500 a month, sale £85,000–£2,500,000', () => {
    for (const l of listings) {
      const [low, high] = l.type === 'rent' ? [550, 4500] : [85_000, 2_500_000]
      expect(l.regularPrice, l.name).toBeGreaterThanOrEqual(low)
      expect(l.regularPrice, l.name).toBeLessThanOrEqual(high)
      if (l.discountedPrice !== null) {
        expect(l.discountedPrice).toBeLessThan(l.regularPrice)
        expect(l.discountedPrice).toBeGreaterThanOrEqual(50)
      }
    }
    expect(new Set(listings.map((l) => l.regularPrice)).size).toBeGreaterThan(listings.length / 3)
    expect(share((l) => l.type === 'rent')).toBeGreaterThan(0.35)
    expect(share((l) => l.type === 'sale')).toBeGreaterThan(0.35)
  })

  it('have 1 to 6 bedrooms, each count present, and offers on about a fifth', () => {
    expect(new Set(listings.map((l) => l.bedrooms))).toEqual(new Set([1, 2, 3, 4, 5, 6]))
    expect(share((l) => l.discountedPrice !== null)).toBeGreaterThan(0.14)
    expect(share((l) => l.discountedPrice !== null)).toBeLessThan(0.26)
  })

  it('have names of 10–32 characters and a description of 2–4 sentences on at least 80%', () => {
    for (const l of listings) {
      expect(l.name.length, l.name).toBeGreaterThanOrEqual(10)
      expect(l.name.length, l.name).toBeLessThanOrEqual(32)
      expect(l.name.trim()).toBe(l.name)
    }
    expect(share((l) => l.description !== null)).toBeGreaterThanOrEqual(0.8)
    for (const l of listings) {
      if (l.description === null) continue
      const sentences = l.description.split(/(?<=\.) /)
      expect(sentences.length, l.description).toBeGreaterThanOrEqual(2)
      expect(sentences.length, l.description).toBeLessThanOrEqual(4)
      expect(l.description.length).toBeLessThanOrEqual(2000)
    }
  })

  it('are added newest first: some today, some yesterday, most in recent weeks, some a year ago', () => {
    const minutes = listings.map((l) => l.minutesAgo)
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b))
    expect(new Set(minutes).size).toBe(minutes.length)
    const days = minutes.map((m) => m / (24 * 60))
    expect(days.filter((d) => d < 0.05).length).toBeGreaterThanOrEqual(2)
    expect(days.filter((d) => d >= 1 && d < 1.05).length).toBeGreaterThanOrEqual(2)
    expect(days.filter((d) => d > 365).length).toBeGreaterThanOrEqual(10)
    expect(days.filter((d) => d < 80).length).toBeGreaterThan(listings.length * 0.8)
  })

  it('find Hackney, in London', () => {
    expect(listings.some((l) => l.location.includes('Hackney, London'))).toBe(true)
  })
})
