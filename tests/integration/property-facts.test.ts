import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { depositCap, lacksPublishingFacts } from '../../src/utils/property-facts'
import {
  publishingFactRefused,
  PUBLISHING_FACT_REFUSALS as REFUSED,
} from '../../src/utils/publishing-fact-refusals'
import { anonClient, serviceClient, signedInUser, type TestUser, withDatabase } from './support/clients'
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
  if (published.length) await serviceClient().from('listings').delete().in('id', published)
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

/**
 * A listing of the landlord's published before the facts (or without some of them): written by the service
 * role, as seeding and maintenance are, which the rule on publishing does not hold to it.
 */
async function olderListing(overrides: Row): Promise<Row> {
  const row = validListing(randomUUID(), {
    user_ref: landlord.id,
    epc_rating: null,
    council_tax_band: null,
    deposit: null,
    ...overrides,
  })
  const { error } = await serviceClient().from('listings').insert(row)
  expect(error).toBeNull()
  published.push(row.id as string)
  return row
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
    for (const row of [full, saleRow]) await expectAccepted(row)
    // Published before the facts: written by the service role, which publishing's rule does not hold.
    const bare = await olderListing({})

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

/** The refusal of a listing without a fact publishing needs: 400, a check violation, the form's words, the column. */
function expectFactRefused(
  result: { error: { code: string; message: string; hint: string | null } | null; status: number },
  column: 'epc_rating' | 'council_tax_band' | 'deposit',
): void {
  const fact = ({ epc_rating: 'epcRating', council_tax_band: 'councilTaxBand', deposit: 'deposit' } as const)[
    column
  ]
  expect(result.status).toBe(400)
  expect(result.error).toMatchObject({ code: '23514', message: REFUSED[fact], hint: column })
  expect(publishingFactRefused(result.error?.message)).toBe(fact)
}

const updateListing = (id: string, changes: Row) =>
  landlord.client
    .from('listings')
    .update(changes)
    .eq('id', id)
    .select('id, type, regular_price, status, epc_rating, council_tax_band, deposit')

describe('publishing needs the EPC rating (or exempt), the council tax band and, for rent, the deposit', () => {
  // A landlord of their own: one account publishes at most 20 listings a day.
  beforeAll(async () => {
    landlord = await signedInUser('Facts Required Landlord')
  })

  it("a new listing without an EPC rating is refused with the form's words, named or left out", async () => {
    expect(REFUSED.epcRating).toBe('Add the EPC rating (A–G) or mark it exempt')
    expectFactRefused(await publish(rent({ epc_rating: null })), 'epc_rating')
    const { epc_rating: _left, ...withoutKey } = rent({})
    expectFactRefused(await publish(withoutKey), 'epc_rating')
    expectFactRefused(await publish(sale({ epc_rating: null })), 'epc_rating')
  })

  it('a listing without any of the facts is asked for the EPC rating first, as the form asks', async () => {
    expectFactRefused(
      await publish(rent({ epc_rating: null, council_tax_band: null, deposit: null })),
      'epc_rating',
    )
    expectFactRefused(await publish(rent({ council_tax_band: null, deposit: null })), 'council_tax_band')
  })

  it('exempt needs its reason (the CHECK already refuses it); exempt with a reason is taken', async () => {
    await expectRefused(rent({ epc_rating: 'exempt' }), 'listings_epc_exempt_needs_reason')
    await expectRefused(
      rent({ epc_rating: 'exempt', epc_exempt_reason: null }),
      'listings_epc_exempt_needs_reason',
    )
    await expectAccepted(rent({ epc_rating: 'exempt', epc_exempt_reason: 'Listed building' }))
  })

  it('a new listing without a council tax band is refused; rates need their amount; not yet banded is taken', async () => {
    expectFactRefused(await publish(rent({ council_tax_band: null })), 'council_tax_band')
    expectFactRefused(await publish(sale({ council_tax_band: null })), 'council_tax_band')
    await expectRefused(rent({ council_tax_band: 'rates' }), 'listings_rates_need_amount')
    await expectAccepted(rent({ council_tax_band: 'not_banded' }))
    await expectAccepted(sale({ council_tax_band: 'rates', rates_per_year: 1350 }))
  })

  it('a rent listing without a deposit is refused; a sale needs none; a deposit of £0 is a deposit given', async () => {
    expectFactRefused(await publish(rent({ deposit: null })), 'deposit')
    const { deposit: _none, ...saleRow } = sale({})
    expect(saleRow).not.toHaveProperty('deposit')
    await expectAccepted(saleRow)
    await expectAccepted(rent({ deposit: 0 }))
  })

  it('a full set is taken, and agrees with what Your Listings counts as enough', async () => {
    const row = rent({ regular_price: 1450, epc_rating: 'B', council_tax_band: 'C', deposit: 1673 })
    expect(lacksPublishingFacts('rent', { epcRating: 'B', councilTaxBand: 'C', deposit: 1673 })).toBe(false)
    await expectAccepted(row)
    expect(lacksPublishingFacts('rent', { epcRating: 'B', councilTaxBand: 'C' })).toBe(true)
  })

  it('a listing published before the facts is still edited without them: a new price, let agreed, let', async () => {
    const old = await olderListing({ regular_price: 1400 })
    const id = old.id as string
    const cheaper = await updateListing(id, { regular_price: 1350 })
    expect(cheaper.error).toBeNull()
    expect(cheaper.data).toMatchObject([{ regular_price: 1350, epc_rating: null, deposit: null }])
    expect((await updateListing(id, { status: 'let_agreed' })).error).toBeNull()
    expect((await updateListing(id, { status: 'let', name: 'Let flat by the river' })).error).toBeNull()
    // Giving one fact is taken; the others may still wait.
    const epc = await updateListing(id, { epc_rating: 'D' })
    expect(epc.error).toBeNull()
    expect(epc.data).toMatchObject([{ epc_rating: 'D', council_tax_band: null, deposit: null }])
    // Once given, it cannot be taken away again, while the rest still need not be given.
    expectFactRefused(await updateListing(id, { epc_rating: null }), 'epc_rating')
    expect((await updateListing(id, { regular_price: 1300 })).error).toBeNull()
  })

  it('a sale that becomes a rent brings its deposit, as a new letting advert does; a rent keeps the one it has', async () => {
    const old = await olderListing({ type: 'sale', regular_price: 1400, furnished: false })
    expectFactRefused(await updateListing(old.id as string, { type: 'rent', regular_price: 1250 }), 'deposit')
    expect(
      (await updateListing(old.id as string, { type: 'rent', regular_price: 1250, deposit: 1400 })).error,
    ).toBeNull()

    const complete = sale({})
    await expectAccepted(complete)
    const id = complete.id as string
    expectFactRefused(await updateListing(id, { type: 'rent', regular_price: 1250 }), 'deposit')
    const rented = await updateListing(id, { type: 'rent', regular_price: 1250, deposit: 1400 })
    expect(rented.error).toBeNull()
    expect(rented.data).toMatchObject([{ type: 'rent', deposit: 1400, epc_rating: 'C' }])
    expectFactRefused(await updateListing(id, { deposit: null }), 'deposit')
  })

  it('an edit that clears a fact that was given is refused, and the listing keeps it', async () => {
    const row = rent({ epc_rating: 'C', council_tax_band: 'D', deposit: 1000 })
    await expectAccepted(row)
    const id = row.id as string
    expectFactRefused(await updateListing(id, { epc_rating: null }), 'epc_rating')
    expectFactRefused(await updateListing(id, { council_tax_band: null }), 'council_tax_band')
    expectFactRefused(await updateListing(id, { deposit: null }), 'deposit')
    expectFactRefused(await updateListing(id, { regular_price: 1100, epc_rating: null }), 'epc_rating')
    const kept = await landlord.client
      .from('listings')
      .select('regular_price, epc_rating, council_tax_band, deposit')
      .eq('id', id)
      .single()
    expect(kept.data).toEqual({ regular_price: 1200, epc_rating: 'C', council_tax_band: 'D', deposit: 1000 })
    // Changing a fact is an edit like any other; so is exempt with its reason.
    expect((await updateListing(id, { epc_rating: 'B' })).error).toBeNull()
    expect(
      (await updateListing(id, { epc_rating: 'exempt', epc_exempt_reason: 'Listed building' })).error,
    ).toBeNull()
    // Becoming a sale drops the deposit, which a sale cannot have.
    const sold = await updateListing(id, { type: 'sale', deposit: null, regular_price: 250_000 })
    expect(sold.error).toBeNull()
    expect(sold.data).toMatchObject([{ type: 'sale', deposit: null, epc_rating: 'exempt' }])
  })

  it('an older listing that had some facts keeps those it had', async () => {
    const old = await olderListing({ council_tax_band: 'A' })
    const id = old.id as string
    expectFactRefused(await updateListing(id, { council_tax_band: null }), 'council_tax_band')
    expect((await updateListing(id, { council_tax_band: 'not_banded' })).error).toBeNull()
    expect((await updateListing(id, { bedrooms: 3 })).error).toBeNull()
  })

  it("a publish sent again (a draft's, its answer lost) of a listing made before the facts is taken once", async () => {
    const old = await olderListing({})
    const resent = await landlord.client
      .from('listings')
      .upsert({ ...old, user_ref: undefined }, { onConflict: 'id', ignoreDuplicates: true })
    expect(resent.error).toBeNull()
    const { data } = await landlord.client
      .from('listings')
      .select('epc_rating')
      .eq('id', old.id as string)
    expect(data).toEqual([{ epc_rating: null }])
  })

  it('the service role and the table owner (seeding, maintenance) are not held to it', async () => {
    const bySql = randomUUID()
    await withDatabase(async (db) => {
      await db.query(
        `insert into public.listings (id, user_ref, type, name, location, regular_price, image_urls, latitude, longitude)
         values ($1, $2, 'rent', 'Flat published long ago', 'Mill Road, Cambridge CB1', 1200, $3, 52.2, 0.14)`,
        [bySql, landlord.id, ['https://images.example.com/listings/x/y/1.jpg']],
      )
      await db.query('update public.listings set council_tax_band = null where id = $1', [bySql])
    })
    published.push(bySql)
    const old = await olderListing({ type: 'sale', furnished: false, regular_price: 300_000 })
    const service = await serviceClient()
      .from('listings')
      .update({ epc_rating: 'E' })
      .eq('id', old.id as string)
    expect(service.error).toBeNull()
    const cleared = await serviceClient()
      .from('listings')
      .update({ epc_rating: null })
      .eq('id', old.id as string)
    expect(cleared.error).toBeNull()
  })
})
