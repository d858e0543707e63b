import { describe, expect, it } from 'vitest'
import {
  COUNCIL_TAX_BAND_LABELS,
  councilTaxChoices,
  depositCap,
  depositCapMessage,
  depositProblem,
  depositWeeks,
  EPC_CHOICES,
  EPC_LABELS,
  formatFactDate,
  formatFloorArea,
  formatPropertyFactsCompleteness,
  lacksPublishingFacts,
  monthlyRentPaid,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertyFacts,
  propertyFactRows,
  propertyFactsCompleteness,
  propertyFactsLine,
  squareFeetToSquareMetres,
  squareMetresToSquareFeet,
  TENURE_LABELS,
  TENURES,
} from './property-facts'

describe('the value lists, in the words of issue 55', () => {
  it('property types', () => {
    expect(PROPERTY_TYPES.map((t) => PROPERTY_TYPE_LABELS[t])).toEqual([
      'Flat',
      'Maisonette',
      'Terraced house',
      'Semi-detached house',
      'Detached house',
      'Bungalow',
      'Cottage',
      'Studio',
      'Other',
    ])
  })

  it('tenures', () => {
    expect(TENURES.map((t) => TENURE_LABELS[t])).toEqual([
      'Freehold',
      'Leasehold',
      'Share of freehold',
      'Commonhold',
    ])
  })

  it('EPC A–G or Exempt', () => {
    expect(EPC_CHOICES.map((r) => EPC_LABELS[r])).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'Exempt'])
  })

  it('council tax bands A–H, A–I in Wales, Not yet banded, Rates in Northern Ireland', () => {
    const labels = (nation: Parameters<typeof councilTaxChoices>[0]) =>
      councilTaxChoices(nation).map((band) => COUNCIL_TAX_BAND_LABELS[band])
    expect(labels('england')).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'Not yet banded'])
    expect(labels('scotland')).toEqual(labels('england'))
    expect(labels('wales')).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'Not yet banded'])
    expect(labels('northern_ireland')).toEqual(['Rates'])
    expect(labels(null)).toEqual([...labels('wales'), 'Rates'])
  })
})

describe('the deposit cap (Tenant Fees Act 2019)', () => {
  it('is 5 weeks of rent under £50,000 a year, 6 from there', () => {
    expect(depositWeeks(1450)).toBe(5)
    expect(depositWeeks(4166)).toBe(5) // £49,992 a year
    expect(depositWeeks(4167)).toBe(6) // £50,004 a year
    expect(depositWeeks(50_000 / 12)).toBe(6)
  })

  it('is floor(monthly × 12 / 52 × weeks): £1,673 for £1,450 a month', () => {
    expect(depositCap(1450)).toBe(1673)
    expect(depositCap(1300)).toBe(1500) // exactly 5 weeks
    expect(depositCap(4166)).toBe(4806)
    expect(depositCap(4167)).toBe(5769)
    expect(depositCap(10_000)).toBe(13_846)
  })

  it('says the cap in the words of issue 55', () => {
    expect(depositCapMessage(1450)).toBe("A deposit can be at most 5 weeks' rent (£1,673 for £1,450 a month)")
    expect(depositCapMessage(5000)).toBe("A deposit can be at most 6 weeks' rent (£6,923 for £5,000 a month)")
    expect(depositProblem(1673, 1450)).toBeNull()
    expect(depositProblem(1674, 1450)).toBe(depositCapMessage(1450))
  })

  it('is of the rent the tenant pays: the offer price when on offer', () => {
    expect(monthlyRentPaid({ offer: true, regularPrice: 1500, discountedPrice: 1450 })).toBe(1450)
    expect(monthlyRentPaid({ offer: false, regularPrice: 1500, discountedPrice: null })).toBe(1500)
  })
})

describe('floor area', () => {
  it('converts m² and sq ft both ways, keeping 0.1 m²', () => {
    expect(squareMetresToSquareFeet(1)).toBeCloseTo(10.7639, 4)
    expect(squareFeetToSquareMetres(667)).toBe(62)
    expect(squareFeetToSquareMetres(1000)).toBe(92.9)
    expect(squareFeetToSquareMetres(squareMetresToSquareFeet(85.5))).toBe(85.5)
  })

  it('shows both: 62 m² (667 sq ft)', () => {
    expect(formatFloorArea(62)).toBe('62 m² (667 sq ft)')
    expect(formatFloorArea(62.5)).toBe('62.5 m² (673 sq ft)')
    expect(formatFloorArea(1250)).toBe('1,250 m² (13,455 sq ft)')
  })
})

describe('the card line', () => {
  it('shows the parts known: Flat · 62 m² · EPC C', () => {
    expect(propertyFactsLine({ propertyType: 'flat', floorAreaM2: 62, epcRating: 'C' })).toBe(
      'Flat · 62 m² · EPC C',
    )
    expect(propertyFactsLine({ propertyType: 'semi_detached', epcRating: null })).toBe('Semi-detached house')
    expect(propertyFactsLine({ floorAreaM2: 48.5, epcRating: 'exempt' })).toBe('48.5 m² · EPC exempt')
    expect(propertyFactsLine({})).toBeNull()
  })
})

describe('how complete the facts are', () => {
  const rent: Partial<PropertyFacts> = {
    propertyType: 'flat',
    floorAreaM2: 62,
    epcRating: 'C',
    councilTaxBand: 'B',
    deposit: 1673,
    availableNow: true,
    minTenancyMonths: 12,
    billsIncluded: false,
    petsConsidered: false,
  }

  it('counts 9 facts for rent; a no counts as given', () => {
    expect(formatPropertyFactsCompleteness('rent', rent)).toBe('Property facts: 9 of 9')
    expect(
      formatPropertyFactsCompleteness('rent', { ...rent, floorAreaM2: null, petsConsidered: undefined }),
    ).toBe('Property facts: 7 of 9')
    expect(formatPropertyFactsCompleteness('rent', {})).toBe('Property facts: 0 of 9')
  })

  it('counts availability as now or a date, exempt only with a reason, rates only with the amount', () => {
    expect(propertyFactsCompleteness('rent', { ...rent, availableNow: false }).given).toBe(8)
    expect(
      propertyFactsCompleteness('rent', { ...rent, availableNow: null, availableFrom: '2027-01-01' }).given,
    ).toBe(9)
    expect(propertyFactsCompleteness('rent', { ...rent, epcRating: 'exempt' }).given).toBe(8)
    expect(
      propertyFactsCompleteness('rent', { ...rent, epcRating: 'exempt', epcExemptReason: 'Listed building' })
        .given,
    ).toBe(9)
    expect(propertyFactsCompleteness('rent', { ...rent, councilTaxBand: 'rates' }).given).toBe(8)
    expect(
      propertyFactsCompleteness('rent', { ...rent, councilTaxBand: 'rates', ratesPerYear: 1100 }).given,
    ).toBe(9)
  })

  it('counts 5 facts for sale, 8 for a leasehold', () => {
    const sale: Partial<PropertyFacts> = {
      propertyType: 'detached',
      floorAreaM2: 140,
      epcRating: 'D',
      councilTaxBand: 'not_banded',
      tenure: 'freehold',
    }
    expect(formatPropertyFactsCompleteness('sale', sale)).toBe('Property facts: 5 of 5')
    expect(
      formatPropertyFactsCompleteness('sale', { ...sale, tenure: 'leasehold', leaseYearsLeft: 120 }),
    ).toBe('Property facts: 6 of 8')
    // Rent's facts do not count on a sale.
    expect(formatPropertyFactsCompleteness('sale', { deposit: 1000 })).toBe('Property facts: 0 of 5')
  })
})

describe("the listing page's Property facts", () => {
  const asText = (rows: ReturnType<typeof propertyFactRows>) => rows.map((row) => `${row.term}: ${row.value}`)

  it('shows every fact of a home to rent, the EPC as its letter on the scale', () => {
    const rows = propertyFactRows('rent', {
      propertyType: 'flat',
      floorAreaM2: 62,
      epcRating: 'C',
      councilTaxBand: 'B',
      deposit: 1673,
      availableNow: false,
      availableFrom: '2027-03-01',
      minTenancyMonths: 12,
      billsIncluded: true,
      petsConsidered: false,
    })
    expect(asText(rows)).toEqual([
      'Property type: Flat',
      'Floor area: 62 m² (667 sq ft)',
      'EPC rating: EPC rating C',
      'Council tax band: Band B',
      'Deposit: £1,673',
      'Available from: 1 March 2027',
      'Minimum tenancy: 12 months',
      'Bills included: Yes',
      'Pets considered: No',
    ])
    expect(rows[2]?.epc).toBe('C')
  })

  it('says Not provided for each fact a home lacks, null or absent alike (an older copy on the device)', () => {
    expect(asText(propertyFactRows('rent', {}))).toEqual([
      'Property type: Not provided',
      'Floor area: Not provided',
      'EPC rating: Not provided',
      'Council tax band: Not provided',
      'Deposit: Not provided',
      'Available from: Not provided',
      'Minimum tenancy: Not provided',
      'Bills included: Not provided',
      'Pets considered: Not provided',
    ])
    expect(propertyFactRows('sale', { propertyType: null, tenure: null }).map((row) => row.value)).toEqual(
      Array(5).fill('Not provided'),
    )
  })

  it('shows a leasehold sale with its lease, an exempt EPC, rates, not yet banded, now and one month', () => {
    expect(
      asText(
        propertyFactRows('sale', {
          epcRating: 'exempt',
          epcExemptReason: 'Listed building',
          councilTaxBand: 'rates',
          ratesPerYear: 1350,
          tenure: 'leasehold',
          leaseYearsLeft: 95,
          groundRentPerYear: 250,
          serviceChargePerYear: 1200,
        }),
      ),
    ).toEqual([
      'Property type: Not provided',
      'Floor area: Not provided',
      'EPC rating: Exempt: Listed building',
      'Council tax band: Rates: £1,350 a year',
      'Tenure: Leasehold',
      'Years left on the lease: 95 years',
      'Ground rent a year: £250',
      'Service charge a year: £1,200',
    ])
    expect(propertyFactRows('sale', { tenure: 'freehold' }).map((row) => row.term)).not.toContain(
      'Years left on the lease',
    )
    const rent = propertyFactRows('rent', {
      councilTaxBand: 'not_banded',
      availableNow: true,
      minTenancyMonths: 1,
    })
    expect(asText(rent)).toContain('Council tax band: Not yet banded')
    expect(asText(rent)).toContain('Available from: Now')
    expect(asText(rent)).toContain('Minimum tenancy: 1 month')
  })

  it('writes a date in words', () => {
    expect(formatFactDate('2027-01-09')).toBe('9 January 2027')
    expect(formatFactDate('2027-12-31')).toBe('31 December 2027')
    expect(formatFactDate('soon')).toBe('soon')
  })
})

describe('Your Listings asks for the facts publishing needs', () => {
  it('a home lacking an EPC, a council tax band or, to rent, a deposit', () => {
    expect(lacksPublishingFacts('rent', {})).toBe(true)
    expect(lacksPublishingFacts('rent', { epcRating: 'C', councilTaxBand: 'B' })).toBe(true)
    expect(lacksPublishingFacts('rent', { epcRating: 'C', councilTaxBand: 'B', deposit: 1000 })).toBe(false)
    expect(lacksPublishingFacts('sale', { epcRating: 'C', councilTaxBand: 'B' })).toBe(false)
    expect(lacksPublishingFacts('sale', { epcRating: 'exempt', councilTaxBand: 'B' })).toBe(true)
    expect(
      lacksPublishingFacts('sale', {
        epcRating: 'exempt',
        epcExemptReason: 'Listed building',
        councilTaxBand: 'rates',
      }),
    ).toBe(true)
    expect(lacksPublishingFacts('sale', { epcRating: 'G', councilTaxBand: 'rates', ratesPerYear: 900 })).toBe(
      false,
    )
  })
})
