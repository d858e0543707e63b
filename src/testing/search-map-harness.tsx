// A page that shows the search map on the e2e stack's listings, queried as a search of the area queries them
// (withinArea, newest first, at most `limit`): tests/e2e/map-search.spec.ts and the bench open it through
// tests/e2e/map-harness/index.html. Test code: the app never imports it.
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { getPublicDb } from '../lib/supabase'
import '../styles/global.css'
import { type Bbox, MAP_HOMES_LIMIT, withinArea } from '../features/map/api/search-area'
import SearchMap, { type SearchMapHome } from '../features/map/components/search-map'

async function search(bbox: Bbox | null, limit: number) {
  let query = getPublicDb()
    .from('listings')
    .select('id,type,name,location,offer,regular_price,discounted_price,latitude,longitude,image_urls', {
      count: 'exact',
    })
  if (bbox) query = withinArea(query, bbox)
  const { data, count, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit)
  if (error) throw error
  const homes = data.flatMap((row): SearchMapHome[] =>
    row.latitude === null || row.longitude === null
      ? []
      : [
          {
            id: row.id,
            type: row.type,
            name: row.name,
            location: row.location,
            price: row.offer && row.discounted_price !== null ? row.discounted_price : row.regular_price,
            latitude: row.latitude,
            longitude: row.longitude,
            coverUrl: row.image_urls[0] ?? null,
          },
        ],
  )
  return { homes, total: count ?? homes.length }
}

const params = new URLSearchParams(location.search)
const startBbox = params.get('bbox')?.split(',').map(Number) as Bbox | undefined
const limit = Number(params.get('limit') ?? MAP_HOMES_LIMIT)

function Harness() {
  const [bbox, setBbox] = useState<Bbox | null>(startBbox ?? null)
  const [result, setResult] = useState<{ homes: SearchMapHome[]; total: number } | null>(null)
  useEffect(() => {
    void search(bbox, limit).then(setResult)
  }, [bbox])
  const onSearchArea = useCallback((area: Bbox) => {
    const url = new URL(location.href)
    url.searchParams.set('bbox', area.join(','))
    history.replaceState(null, '', url)
    setBbox(area)
  }, [])
  if (!result) return <p>Loading…</p>
  return (
    <>
      <h1>{result.total} homes</h1>
      <SearchMap
        homes={result.homes}
        total={result.total}
        bbox={startBbox ?? null}
        onSearchArea={onSearchArea}
        listingHref={(home) => `/category/${home.type}/${home.id}`}
      />
    </>
  )
}

const router = createRouter({ routeTree: createRootRoute({ component: Harness }) })
createRoot(document.getElementById('root') as HTMLElement).render(<RouterProvider router={router} />)
