import { describe, expect, it } from 'vitest'
import { gbGazetteer } from './gazetteer'
import { matchAddress } from './match-address'

const gazetteer = gbGazetteer()
const top = (text: string) => matchAddress(text, gazetteer)[0]

describe('matching an address to a UK town (GeoNames GB places)', () => {
  it.each([
    ['London', 'London', 'England', 51.5, -0.13],
    ['Manchester', 'Manchester', 'England', 53.48, -2.24],
    ['12 High Street, Keswick, Cumbria', 'Keswick', 'England', 54.6, -3.13],
    ['Portree', 'Portree', 'Scotland', 57.41, -6.19],
    ['Royal Leamington Spa', 'Royal Leamington Spa', 'England', 52.29, -1.52],
  ])('%s → %s', (text, name, nation, lat, lon) => {
    const match = top(text)
    expect(match?.place).toMatchObject({ name, nation })
    expect(match?.place.lat).toBeCloseTo(lat, 1)
    expect(match?.place.lon).toBeCloseTo(lon, 1)
    expect(match?.confidence).toBe(1)
  })

  it('ignores case, diacritics, punctuation and postcodes', () => {
    expect(top('flat 3, 1 Wentworth Road, MANCHESTER M20 2AB')?.place.name).toBe('Manchester')
    expect(top('Portrée')?.place.name).toBe('Portree')
    expect(top("Bo'ness")?.place.name).toBe('Bo’ness')
    expect(top('Leamington Spa CV32')?.place.name).toBe('Royal Leamington Spa')
  })

  it('finds a town at the end of a part without commas, less confidently', () => {
    const match = top('4 Bank Street Portree')
    expect(match?.place.name).toBe('Portree')
    expect(match?.confidence).toBeLessThan(1)
  })

  it('prefers the most populous namesake, or the one in the nation the address names', () => {
    const newports = matchAddress('Newport', gazetteer)
    expect(newports.length).toBeGreaterThan(1)
    expect(newports.length).toBeLessThanOrEqual(5)
    expect(newports[0]?.place.population).toBe(Math.max(...newports.map((m) => m.place.population)))
    expect(matchAddress('Newport, England', gazetteer)[0]?.place.nation).toBe('England')
  })

  it('finds nothing for a place that does not exist or a street alone', () => {
    expect(matchAddress('Nowhere-on-Sea', gazetteer)).toEqual([])
    expect(matchAddress('12 High Street', gazetteer)).toEqual([])
    expect(matchAddress('', gazetteer)).toEqual([])
  })
})
