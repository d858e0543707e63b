import { describe, expect, it } from 'vitest'
import { parseHomeSearch } from '../../../types/home-search'
import type { MapCluster, MapHome } from '../../../types/search-map'
import { MAP_LIMIT } from '../search-query'
import { CLUSTER_CELLS, type MapAnswers, mapOfSearch } from './search-map-data'

const CITY = CLUSTER_CELLS[0]
const COUNTRY = 1

const home = (i: number): MapHome => ({
  id: `home-${i}`,
  type: 'rent',
  name: `Home ${i}`,
  location: 'Somewhere',
  latitude: 51.5,
  longitude: -0.1,
  price: 1000 + i,
  coverUrl: null,
})
const cluster: MapCluster = { key: 'c', homes: 600, latitude: 51.5, longitude: -0.1, bbox: [-1, 51, 0, 52] }

/** The server, as far as the map asks it: `inArea` homes match, and every question is written down. */
function server(inArea: number) {
  const asked: string[] = []
  const answers: MapAnswers = {
    async homes(limit) {
      asked.push(`homes ${limit}`)
      return Array.from({ length: Math.min(limit, inArea) }, (_, i) => home(i))
    },
    async count() {
      asked.push('count')
      return Math.min(inArea, 1001)
    },
    async clusters(cell) {
      asked.push(`clusters ${cell}`)
      return [cluster]
    },
  }
  return { asked, answers }
}

describe('mapOfSearch', () => {
  it('at city zoom asks only for the homes, one more than it draws, and counts them itself', async () => {
    for (const inArea of [0, 429, MAP_LIMIT]) {
      const { asked, answers } = server(inArea)
      const map = await mapOfSearch(parseHomeSearch({ type: 'rent' }), CITY, answers)
      expect(asked).toEqual([`homes ${MAP_LIMIT + 1}`])
      expect(map.total).toBe(inArea)
      expect(map.homes).toHaveLength(inArea)
      expect(map.clusters).toEqual([])
    }
  })

  it('at city zoom with more homes than it draws, counts them and draws clusters', async () => {
    const { asked, answers } = server(MAP_LIMIT + 100)
    const map = await mapOfSearch(parseHomeSearch({ type: 'rent' }), CITY, answers)
    expect(asked).toEqual([`homes ${MAP_LIMIT + 1}`, 'count', `clusters ${CITY}`])
    expect(map).toEqual({ homes: [], clusters: [cluster], total: MAP_LIMIT + 100 })
  })

  it('at city zoom, a search clusters cannot stand for (words, a price) draws its first homes and counts them all', async () => {
    const { asked, answers } = server(2000)
    const map = await mapOfSearch(parseHomeSearch({ q: 'garden', maxPrice: '1500' }), CITY, answers)
    expect(asked).toEqual([`homes ${MAP_LIMIT + 1}`, 'count'])
    expect(map.homes.map((h) => h.id)).toEqual(Array.from({ length: MAP_LIMIT }, (_, i) => `home-${i}`))
    expect(map.total).toBe(1001)
  })

  it('wider than a city, asks for the count first, then for clusters or for homes', async () => {
    const busy = server(5000)
    expect(await mapOfSearch(parseHomeSearch({}), COUNTRY, busy.answers)).toEqual({
      homes: [],
      clusters: [cluster],
      total: 1001,
    })
    expect(busy.asked).toEqual(['count', `clusters ${COUNTRY}`])

    const quiet = server(120)
    const map = await mapOfSearch(parseHomeSearch({}), COUNTRY, quiet.answers)
    expect(quiet.asked).toEqual(['count', `homes ${MAP_LIMIT}`])
    expect(map.total).toBe(120)
    expect(map.homes).toHaveLength(120)
  })
})
