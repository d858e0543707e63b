import { describe, expect, it } from 'vitest'
import { buildSearchPlaces } from './places'

describe('the places people search by', () => {
  const places = buildSearchPlaces()
  const labelled = (name: string) => places.filter((p) => p.name === name).map((p) => p.label)

  it('labels a place by the town that contains it, else its nation, and tells a shared name apart', () => {
    expect(labelled('Hackney')).toEqual(['Hackney, London'])
    expect(labelled('Salford')).toEqual(['Salford, Manchester'])
    expect(labelled('York')).toEqual(['York, England'])
    expect(labelled('Newport')[0]).toBe('Newport, Wales')
    expect(new Set(places.map((p) => p.label)).size).toBe(places.length)
  })

  it('lists the most populous first, each container before what it contains', () => {
    expect(places[0]?.name).toBe('London')
    const index = new Map(places.map((p, i) => [p.id, i]))
    for (const [i, place] of places.entries())
      if (place.parentId !== null) expect(index.get(place.parentId)).toBeLessThan(i)
  })
})
