import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_DIR } from '../config'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { demoListings } from './demo-listings'
import { seedSql } from './seed-sql'

const listings = demoListings()
const share = (test: (listing: (typeof listings)[number]) => boolean) =>
  listings.filter(test).length / listings.length

describe('the demo listings', () => {
  it('are what supabase/seed.sql holds (npm run seed:write regenerates it)', () => {
    expect(fs.readFileSync(path.join(PROJECT_DIR, 'supabase', 'seed.sql'), 'utf8')).toBe(seedSql())
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

  it('have property facts: all on most, some or none on a few, a few EPC-exempt, the oldest none', () => {
    const known = (l: (typeof listings)[number]) =>
      Object.values(l.facts).filter((value) => value !== null).length
    const full = listings.filter((l) =>
      l.type === 'rent'
        ? l.facts.deposit !== null &&
          l.facts.minTenancyMonths !== null &&
          l.facts.billsIncluded !== null &&
          l.facts.petsConsidered !== null &&
          (l.facts.availableNow === true || l.facts.availableInDays !== null)
        : l.facts.tenure !== null,
    )
    const withCore = full.filter(
      (l) =>
        l.facts.propertyType !== null &&
        l.facts.floorAreaM2 !== null &&
        l.facts.epcRating !== null &&
        l.facts.councilTaxBand !== null,
    )
    expect(withCore.length / listings.length).toBeGreaterThan(0.7)
    expect(listings.filter((l) => known(l) === 0).length).toBeGreaterThanOrEqual(20)
    expect(listings.filter((l) => known(l) > 0 && !withCore.includes(l)).length).toBeGreaterThanOrEqual(10)
    expect(listings.filter((l) => l.n > 300).every((l) => known(l) === 0)).toBe(true)
    const exempt = listings.filter((l) => l.facts.epcRating === 'exempt')
    expect(exempt.length).toBeGreaterThanOrEqual(3)
    expect(exempt.length).toBeLessThan(listings.length * 0.08)
    expect(exempt.every((l) => (l.facts.epcExemptReason ?? '').length >= 3)).toBe(true)
  })

  it("keep the facts' rules: deposits within the cap, lease facts only on leasehold sales, rates in Belfast", () => {
    for (const l of listings) {
      const f = l.facts
      const paid = l.discountedPrice ?? l.regularPrice
      const cap = Math.floor((paid * 12 * (paid * 12 < 50_000 ? 5 : 6)) / 52)
      if (f.deposit !== null) expect(f.deposit, l.name).toBeLessThanOrEqual(cap)
      if (l.type === 'rent') expect(f.tenure).toBeNull()
      else
        expect([f.deposit, f.availableNow, f.availableInDays, f.minTenancyMonths]).toEqual([
          null,
          null,
          null,
          null,
        ])
      if (f.tenure !== 'leasehold') {
        expect([f.leaseYearsLeft, f.groundRentPerYear, f.serviceChargePerYear]).toEqual([null, null, null])
      }
      if (f.leaseYearsLeft !== null) expect(f.leaseYearsLeft).toBeLessThanOrEqual(999)
      if (f.floorAreaM2 !== null) expect(f.floorAreaM2).toBeGreaterThan(15)
      expect(f.availableNow === true && f.availableInDays !== null).toBe(false)
      expect(f.councilTaxBand === 'rates').toBe(f.ratesPerYear !== null)
      if (f.councilTaxBand !== null) {
        expect(f.councilTaxBand === 'rates', l.location).toBe(l.location.includes('Belfast'))
      }
      if (f.councilTaxBand === 'I') expect(l.location).toMatch(/Cardiff|Swansea/)
    }
    expect(listings.some((l) => l.facts.tenure === 'leasehold' && l.facts.leaseYearsLeft !== null)).toBe(true)
  })

  it('find Hackney, in London', () => {
    expect(listings.some((l) => l.location.includes('Hackney, London'))).toBe(true)
  })
})
