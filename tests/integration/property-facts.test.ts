import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depositCap } from '../../src/utils/property-facts'
import { anonClient, signedInUser, type TestUser, withDatabase } from './support/clients'
import type { Row } from './support/listing-rules'
import { validListing } from './support/rls-cases'

/**
 * The property facts (issue 55) through /rest/v1 as a signed-in landlord: every rule the database holds them to
 * is refused by name, as a request that bypasses the form would be, and a full set is stored and listed.
 */

let landlord: TestUser
const published: string[] = []

beforeAll(async () => {
  landlord = await signedInUser('Facts Landlord')
})

afterAll(async () => {
  if (published.length) await landlord.client.from('listings').delete().in('id', published)
})

/** A date `days` from today in the UK, as the database's trigger counts days. */
async function ukDate(days: number): Promise<string> {
  return withDatabase(async (db) => {
    const { rows } = await db.query<{ day: string }>(
      `select ((now() at time zone 'Europe/London')::date + $1::int)::text as day`,
      [days],
    )
    return rows[0]?.day as string
  })
}

const rent = (overrides: Row): Row => validListing(randomUUID(), { type: 'rent', ...overrides })
const sale = (overrides: Row): Row =>
  validListing(randomUUID(), { type: 'sale', regular_price: 325_000, furnished: false, ...overrides })

async function publish(row: Row) {
  const result = await landlord.client.from('listings').insert(row)
  if (!result.error) published.push(row.id as string)
  return result
}

/** Publishing `row` is refused with a check violation naming `constraint`. */
async function expectRefused(row: Row, constraint: string): Promise<void> {
  const { error, status } = await publish(row)
  expect(status).toBe(400)
  expect(error?.code).toBe('23514')
  expect(error?.message).toContain(`"${constraint}"`)
}

async function expectAccepted(row: Row): Promise<void> {
  const { error } = await publish(row)
  expect(error).toBeNull()
}

describe('each property fact rule, refused for the signed-in owner through the API', () => {
  it('a property type outside the list', async () => {
    await expectRefused(rent({ property_type: 'castle' }), 'listings_property_type_valid')
  })

  it('a floor area of 0 or above 10,000 m² (10,000 itself is taken)', async () => {
    await expectRefused(rent({ floor_area_m2: 0 }), 'listings_floor_area_range')
    await expectRefused(rent({ floor_area_m2: 10_001 }), 'listings_floor_area_range')
    await expectRefused(rent({ floor_area_m2: -5 }), 'listings_floor_area_range')
    await expectAccepted(rent({ floor_area_m2: 10_000 }))
  })

  it('an EPC outside A–G, exempt without a reason, a reason without exempt, a reason too short', async () => {
    await expectRefused(rent({ epc_rating: 'H' }), 'listings_epc_rating_valid')
    await expectRefused(rent({ epc_rating: 'c' }), 'listings_epc_rating_valid')
    await expectRefused(rent({ epc_rating: 'exempt' }), 'listings_epc_exempt_needs_reason')
    await expectRefused(
      rent({ epc_rating: 'C', epc_exempt_reason: 'Listed building' }),
      'listings_epc_exempt_needs_reason',
    )
    await expectRefused(
      rent({ epc_rating: 'exempt', epc_exempt_reason: ' a ' }),
      'listings_epc_exempt_reason_length',
    )
    await expectRefused(
      rent({ epc_rating: 'exempt', epc_exempt_reason: 'x'.repeat(201) }),
      'listings_epc_exempt_reason_length',
    )
  })

  it('a council tax band outside its letters, rates without the amount, an amount without rates', async () => {
    await expectRefused(rent({ council_tax_band: 'J' }), 'listings_council_tax_band_valid')
    await expectRefused(rent({ council_tax_band: 'b' }), 'listings_council_tax_band_valid')
    await expectRefused(rent({ council_tax_band: 'rates' }), 'listings_rates_need_amount')
    await expectRefused(rent({ council_tax_band: 'C', rates_per_year: 1200 }), 'listings_rates_need_amount')
    await expectRefused(
      rent({ council_tax_band: 'rates', rates_per_year: 0 }),
      'listings_rates_per_year_positive',
    )
  })

  it('a tenure on a rent listing, or outside the list', async () => {
    await expectRefused(rent({ tenure: 'freehold' }), 'listings_tenure_only_for_sale')
    await expectRefused(sale({ tenure: 'rented' }), 'listings_tenure_valid')
  })

  it('lease facts on a freehold or with no tenure; a lease of 1,000 years; negative charges', async () => {
    await expectRefused(
      sale({ tenure: 'freehold', lease_years_left: 90 }),
      'listings_lease_facts_only_for_leasehold',
    )
    await expectRefused(
      sale({ tenure: 'share_of_freehold', ground_rent_per_year: 0 }),
      'listings_lease_facts_only_for_leasehold',
    )
    await expectRefused(sale({ service_charge_per_year: 1200 }), 'listings_lease_facts_only_for_leasehold')
    await expectRefused(
      sale({ tenure: 'leasehold', lease_years_left: 1000 }),
      'listings_lease_years_left_range',
    )
    await expectRefused(sale({ tenure: 'leasehold', lease_years_left: 0 }), 'listings_lease_years_left_range')
    await expectRefused(
      sale({ tenure: 'leasehold', ground_rent_per_year: -1 }),
      'listings_ground_rent_not_negative',
    )
    await expectRefused(
      sale({ tenure: 'leasehold', service_charge_per_year: -1 }),
      'listings_service_charge_not_negative',
    )
    await expectAccepted(sale({ tenure: 'leasehold', lease_years_left: 999, ground_rent_per_year: 0 }))
  })

  it("a deposit over 5 weeks' rent: £1,674 on £1,450 a month refused, £1,673 taken", async () => {
    expect(depositCap(1450)).toBe(1673)
    await expectRefused(rent({ regular_price: 1450, deposit: 1674 }), 'listings_deposit_within_cap')
    await expectAccepted(rent({ regular_price: 1450, deposit: 1673 }))
    await expectRefused(rent({ regular_price: 1450, deposit: -1 }), 'listings_deposit_not_negative')
  })

  it('the cap is of the rent the tenant pays (the offer price), and 6 weeks from £50,000 a year', async () => {
    await expectRefused(
      rent({ regular_price: 1500, offer: true, discounted_price: 1450, deposit: 1674 }),
      'listings_deposit_within_cap',
    )
    await expectAccepted(rent({ regular_price: 1500, offer: true, discounted_price: 1450, deposit: 1673 }))
    // £5,000 a month is £60,000 a year: 6 weeks, £6,923.
    await expectAccepted(rent({ regular_price: 5000, deposit: 6923 }))
    await expectRefused(rent({ regular_price: 5000, deposit: 6924 }), 'listings_deposit_within_cap')
  })

  it('a price change that puts the deposit over the cap is refused as an edit', async () => {
    const row = rent({ regular_price: 1450, deposit: 1673 })
    await expectAccepted(row)
    const edit = await landlord.client
      .from('listings')
      .update({ regular_price: 1400 })
      .eq('id', row.id as string)
    expect(edit.error?.code).toBe('23514')
    expect(edit.error?.message).toContain('"listings_deposit_within_cap"')
  })

  it('rent facts on a sale listing', async () => {
    for (const fact of [
      { deposit: 1000 },
      { available_now: true },
      { available_from: await ukDate(30) },
      { min_tenancy_months: 12 },
      { bills_included: false },
      { pets_considered: true },
    ]) {
      await expectRefused(sale(fact), 'listings_rent_facts_only_for_rent')
    }
  })

  it('available now and from a date at once; a minimum tenancy outside 1–60 months', async () => {
    await expectRefused(
      rent({ available_now: true, available_from: await ukDate(7) }),
      'listings_available_now_or_from',
    )
    await expectRefused(rent({ min_tenancy_months: 0 }), 'listings_min_tenancy_range')
    await expectRefused(rent({ min_tenancy_months: 61 }), 'listings_min_tenancy_range')
  })

  it('available_from in the past on a new listing; today is taken', async () => {
    const { error, status } = await publish(rent({ available_from: await ukDate(-1) }))
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
    expect(error?.message).toBe('The date a home is available from cannot be in the past.')
    await expectAccepted(rent({ available_from: await ukDate(0) }))
  })

  it('an old available_from stays through an unrelated edit; changing it to a past date is refused', async () => {
    const row = rent({ available_from: await ukDate(14) })
    await expectAccepted(row)
    const id = row.id as string
    // The date has since passed (written as the table owner, as time would).
    const old = await ukDate(-20)
    await withDatabase((db) =>
      db.query('update public.listings set available_from = $2 where id = $1', [id, old]),
    )

    const unrelated = await landlord.client.from('listings').update({ bedrooms: 3 }).eq('id', id)
    expect(unrelated.error).toBeNull()
    // The app's edit sends every field, the unchanged date among them.
    const resent = await landlord.client
      .from('listings')
      .update({ bedrooms: 2, available_from: old })
      .eq('id', id)
      .select('bedrooms, available_from')
      .single()
    expect(resent.error).toBeNull()
    expect(resent.data).toEqual({ bedrooms: 2, available_from: old })

    const moved = await landlord.client
      .from('listings')
      .update({ available_from: await ukDate(-2) })
      .eq('id', id)
    expect(moved.error?.code).toBe('23514')
    expect(moved.error?.message).toBe('The date a home is available from cannot be in the past.')

    const cleared = await landlord.client.from('listings').update({ available_from: null }).eq('id', id)
    expect(cleared.error).toBeNull()
  })
})

describe('a full set of facts', () => {
  it('is accepted and listed to anyone through market_listings, as are listings without them', async () => {
    const availableFrom = await ukDate(21)
    const facts = {
      property_type: 'flat',
      floor_area_m2: 62.5,
      epc_rating: 'C',
      epc_exempt_reason: null,
      council_tax_band: 'B',
      rates_per_year: null,
      tenure: null,
      lease_years_left: null,
      ground_rent_per_year: null,
      service_charge_per_year: null,
      deposit: 1673,
      available_now: false,
      available_from: availableFrom,
      min_tenancy_months: 12,
      bills_included: false,
      pets_considered: true,
    }
    const full = rent({ regular_price: 1450, ...facts })
    const leasehold = {
      property_type: 'maisonette',
      floor_area_m2: 84,
      epc_rating: 'exempt',
      epc_exempt_reason: 'Listed building',
      council_tax_band: 'rates',
      rates_per_year: 1350,
      tenure: 'leasehold',
      lease_years_left: 118,
      ground_rent_per_year: 250,
      service_charge_per_year: 1800,
    }
    const saleRow = sale(leasehold)
    const bare = rent({})
    for (const row of [full, saleRow, bare]) await expectAccepted(row)

    const columns = `id, ${Object.keys(facts).join(', ')}`
    const { data, error } = await anonClient()
      .from('market_listings')
      .select(columns)
      .in('id', [full.id, saleRow.id, bare.id] as string[])
    expect(error).toBeNull()
    const byId = new Map((data as unknown as Row[]).map((row) => [row.id, row]))
    expect(byId.get(full.id)).toEqual({ id: full.id, ...facts })
    expect(byId.get(saleRow.id)).toMatchObject({ ...leasehold, deposit: null, available_now: null })
    expect(byId.get(bare.id)).toEqual({
      id: bare.id,
      ...Object.fromEntries(Object.keys(facts).map((key) => [key, null])),
    })
  })
})
