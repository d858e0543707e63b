import { describe, expect, it } from 'vitest'
import { parseHomeSearch } from '../../types/home-search'
import type { MapCluster, MapHome } from '../../types/search-map'
import { CLUSTER_CELLS, clusterCell, homesWithin, type MapAnswers, mapOfSearch } from './map-plan'
import { MAP_LIMIT } from './search-query'

/** A part of London: the finest grid. */
const CITY = [-0.2, 51.45, 0.0, 51.55] as const
/** Great Britain: cells of a degree. */
const COUNTRY = [-8.2, 49.9, 1.8, 58.7] as const

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
/** A cluster of `homes` in the cell of a degree whose south-west corner is (x, y). */
const clusterAt = (x: number, y: number, homes: number): MapCluster => ({
  key: `1:${x}:${y}`,
  homes,
  latitude: y + 0.5,
  longitude: x + 0.5,
  bbox: [x, y, x + 1, y + 1],
})
const cluster = clusterAt(-1, 51, 600)

/** The server, as far as the map asks it: `inArea` homes match, and every question is written down. */
function server(inArea: number, clusters: MapCluster[] = [cluster]) {
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
      return clusters
    },
  }
  return { asked, answers }
}

describe('homesWithin', () => {
  it('adds up the clusters whose cells lie wholly inside the box, edges included', () => {
    const box = [-2, 50, 1, 53]
    expect(homesWithin([clusterAt(-2, 50, 3), clusterAt(0, 52, 4)], box)).toBe(7)
    expect(homesWithin([clusterAt(-3, 50, 3), clusterAt(0, 53, 4), clusterAt(1, 51, 5)], box)).toBe(0)
  })
})

describe('mapOfSearch', () => {
  it('at city zoom asks only for the homes, one more than it draws, and counts them itself', async () => {
    expect(clusterCell(CITY)).toBe(CLUSTER_CELLS[0])
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
    expect(asked).toEqual([`homes ${MAP_LIMIT + 1}`, 'count', `clusters ${CLUSTER_CELLS[0]}`])
    expect(map).toEqual({ homes: [], clusters: [cluster], total: MAP_LIMIT + 100 })
  })

  it('at city zoom, a search clusters cannot stand for (words, a price) draws its first homes and counts them all', async () => {
    const { asked, answers } = server(2000)
    const map = await mapOfSearch(parseHomeSearch({ q: 'garden', maxPrice: '1500' }), CITY, answers)
    expect(asked).toEqual([`homes ${MAP_LIMIT + 1}`, 'count'])
    expect(map.homes.map((h) => h.id)).toEqual(Array.from({ length: MAP_LIMIT }, (_, i) => `home-${i}`))
    expect(map.total).toBe(1001)
  })

  it('wider than a city, with 1,000 homes in cells wholly inside the area, draws the clusters as 1,000+ without counting', async () => {
    const edge = clusterAt(-9, 49, 300)
    for (const [inside, total] of [
      [1000, 1000],
      [1200, 1001],
    ]) {
      const clusters = [edge, clusterAt(-1, 51, (inside ?? 0) - 400), clusterAt(0, 52, 400)]
      const { asked, answers } = server(5000, clusters)
      expect(await mapOfSearch(parseHomeSearch({ type: 'rent' }), COUNTRY, answers)).toEqual({
        homes: [],
        clusters,
        total,
      })
      expect(asked).toEqual(['clusters 1'])
    }
  })

  it('wider than a city, with clusters of no more homes than the map draws, draws those homes and counts them itself', async () => {
    const { asked, answers } = server(250, [clusterAt(-9, 49, 120), clusterAt(-1, 51, MAP_LIMIT - 120)])
    const map = await mapOfSearch(parseHomeSearch({}), COUNTRY, answers)
    expect(asked).toEqual(['clusters 1', `homes ${MAP_LIMIT}`])
    expect(map).toMatchObject({ clusters: [], total: 250 })
    expect(map.homes).toHaveLength(250)
  })

  it('wider than a city, between the two, counts the area and draws clusters or homes by the count', async () => {
    const clusters = [clusterAt(-9, 49, 900), clusterAt(-1, 51, 600)]
    const busy = server(700, clusters)
    expect(await mapOfSearch(parseHomeSearch({}), COUNTRY, busy.answers)).toEqual({
      homes: [],
      clusters,
      total: 700,
    })
    expect(busy.asked).toEqual(['clusters 1', 'count'])

    // The edge cell's homes lie mostly outside the area.
    const quiet = server(450, clusters)
    const map = await mapOfSearch(parseHomeSearch({}), COUNTRY, quiet.answers)
    expect(quiet.asked).toEqual(['clusters 1', 'count', `homes ${MAP_LIMIT}`])
    expect(map).toMatchObject({ clusters: [], total: 450 })
    expect(map.homes).toHaveLength(450)
  })

  it('wider than a city, a search clusters cannot stand for asks for the count, then its first homes', async () => {
    const { asked, answers } = server(5000)
    const map = await mapOfSearch(parseHomeSearch({ q: 'london' }), COUNTRY, answers)
    expect(asked).toEqual(['count', `homes ${MAP_LIMIT}`])
    expect(map).toMatchObject({ clusters: [], total: 1001 })
    expect(map.homes).toHaveLength(MAP_LIMIT)
  })
})
