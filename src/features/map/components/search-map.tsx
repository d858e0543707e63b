import { setWorkerUrl } from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import 'maplibre-gl/dist/maplibre-gl.css'
import './map.css'
import { useRouter } from '@tanstack/react-router'
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson'
import type { GeoJSONSource, LngLatBoundsLike, Map as MapLibre } from 'maplibre-gl'
import {
  type MouseEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import {
  Layer,
  type MapRef,
  Map as MapView,
  Marker,
  NavigationControl,
  Popup,
  Source,
  type ViewStateChangeEvent,
} from 'react-map-gl/maplibre'
import type { MapCluster, MapHome as SearchMapHome, SearchMapProps } from '../../../types/search-map'
import type { AreaPoint } from '../../../utils/area'
import { formatHomeCount } from '../../../utils/format-home-count'
import { areaOfStroke, type ScreenPoint } from '../api/draw-area'
import { type Bbox, compactPrice, toBbox } from '../api/search-area'
import { rasterStyle } from './map-style'
import { MapUnavailable, useTileStatus } from './use-tile-status'

setWorkerUrl(workerUrl)

/** Where a map of no homes opens: the whole of the UK. */
const UK: Bbox = [-8.2, 49.9, 1.8, 58.7]
const FIT = { padding: 48, maxZoom: 14 }
/** Homes closer than this many pixels are drawn as one cluster with their count. */
const CLUSTER_RADIUS = 48

type Shown =
  | { kind: 'cluster'; id: number; count: number; longitude: number; latitude: number }
  | { kind: 'cell'; cell: MapCluster }
  | { kind: 'home'; home: SearchMapHome }

const fullPrice = (home: SearchMapHome) =>
  `£${home.price.toLocaleString('en-GB')}${home.type === 'rent' ? ' / month' : ''}`

function boundsOf(homes: { longitude: number; latitude: number }[]): Bbox {
  if (homes.length === 0) return UK
  let [west, south, east, north] = [180, 90, -180, -90]
  for (const { longitude, latitude } of homes) {
    west = Math.min(west, longitude)
    east = Math.max(east, longitude)
    south = Math.min(south, latitude)
    north = Math.max(north, latitude)
  }
  return [west, south, east, north]
}

const asBounds = ([west, south, east, north]: Bbox): LngLatBoundsLike => [
  [west, south],
  [east, north],
]

/**
 * Clusters and single homes as MapLibre's clustering draws them in the current view. (querySourceFeatures
 * would also return the clusters of tiles of other zooms still held for a transition: homes twice.) The
 * server's clusters are points like the homes, each weighing its count (`homes`), so MapLibre merges
 * crowded ones the same way and a cluster's count is the sum of the homes it stands for.
 */
function shownOn(map: MapLibre, byId: Map<string, SearchMapHome>, cells: Map<string, MapCluster>): Shown[] {
  const shown = new Map<string, Shown>()
  for (const feature of map.queryRenderedFeatures({ layers: ['homes'] })) {
    const props = feature.properties ?? {}
    const [longitude = 0, latitude = 0] = (feature.geometry as Point).coordinates
    const cell = props.cell ? cells.get(String(props.cell)) : undefined
    if (props.cluster) {
      const id = Number(props.cluster_id)
      shown.set(`c${id}`, { kind: 'cluster', id, count: Number(props.homes), longitude, latitude })
    } else if (cell) {
      shown.set(`g${cell.key}`, { kind: 'cell', cell })
    } else {
      const home = byId.get(String(props.id))
      if (home) shown.set(home.id, { kind: 'home', home })
    }
  }
  return [...shown.values()]
}

/** The homes and the server's clusters as a GeoJSON source for MapLibre to cluster. */
const homesGeoJson = (homes: SearchMapHome[], clusters: MapCluster[]): FeatureCollection<Point> => ({
  type: 'FeatureCollection',
  features: [
    ...homes.map((home) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [home.longitude, home.latitude] },
      properties: { id: home.id, homes: 1 },
    })),
    ...clusters.map((cell) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [cell.longitude, cell.latitude] },
      properties: { cell: cell.key, homes: cell.homes },
    })),
  ],
})

/** Where the map opens: the search's area (its rectangle, else the area drawn), else around its homes or clusters (close on a single home). */
function initialViewOf(
  bbox: Bbox | null,
  drawn: AreaPoint[] | null,
  homes: SearchMapHome[],
  clusters: MapCluster[],
) {
  const area =
    bbox ??
    (drawn ? boundsOf(drawn.map(({ lat, lng }) => ({ latitude: lat, longitude: lng }))) : null) ??
    boundsOf(homes.length > 0 ? homes : clusters)
  const single = !bbox && !drawn && homes.length === 1 ? homes[0] : undefined
  return single
    ? { longitude: single.longitude, latitude: single.latitude, zoom: 13 }
    : { bounds: asBounds(area), fitBoundsOptions: FIT }
}

/**
 * The area the view shows: the map stays where it is for an area it searched, and moves to any other (Back
 * to an earlier area, a shared link), calling `onMove`. Returns the area last shown, which a search of the
 * view sets.
 */
function useFollowArea(mapRef: RefObject<MapRef | null>, bbox: Bbox | null, onMove: () => void) {
  const viewArea = useRef(bbox?.join())
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new area moves the map.
  useEffect(() => {
    const map = mapRef.current?.getMap()
    if (!bbox || bbox.join() === viewArea.current || !map) return
    viewArea.current = bbox.join()
    onMove()
    map.fitBounds(asBounds(bbox), FIT)
  }, [bbox])
  return viewArea
}

const keyOf = (items: Shown[]) =>
  items
    .map((s) =>
      s.kind === 'home' ? s.home.id : s.kind === 'cell' ? `g${s.cell.key}` : `c${s.id}:${s.count}`,
    )
    .sort()
    .join()

/**
 * What the map draws: the homes and the server's clusters as one source, what of it shows in the view
 * (`refresh` reads it again after a move or a load), and the homes in view.
 */
function useShownHomes(mapRef: RefObject<MapRef | null>, homes: SearchMapHome[], clusters: MapCluster[]) {
  const [shown, setShown] = useState<Shown[]>([])
  const [inView, setInView] = useState<SearchMapHome[]>([])
  const byId = useMemo(() => new Map(homes.map((home) => [home.id, home])), [homes])
  const cells = useMemo(() => new Map(clusters.map((cell) => [cell.key, cell])), [clusters])
  const data = useMemo(() => homesGeoJson(homes, clusters), [homes, clusters])

  const refresh = useCallback(() => {
    const map = mapRef.current?.getMap()
    if (!map?.getSource('homes') || !map.isSourceLoaded('homes')) return
    const next = shownOn(map, byId, cells)
    setShown((current) => (keyOf(current) === keyOf(next) ? current : next))
    const bounds = map.getBounds()
    setInView(homes.filter((home) => bounds.contains([home.longitude, home.latitude])))
  }, [mapRef, byId, cells, homes])
  return { data, shown, inView, refresh }
}

/**
 * The search results on a map: a price marker per home, clusters with counts where markers crowd, a card
 * for the tapped home, `Search this area` once the map has moved, and a list of the homes in view.
 */
export default function SearchMap({
  homes,
  clusters,
  total,
  bbox,
  onSearchArea,
  area,
  onDrawArea,
  listingHref,
}: SearchMapProps) {
  const mapRef = useRef<MapRef>(null)
  const mapStyle = useMemo(rasterStyle, [])
  const tiles = useTileStatus()
  const [initialView] = useState(() => initialViewOf(bbox, area, homes, clusters))
  const [drawing, setDrawing] = useState(false)
  const [selected, setSelected] = useState<SearchMapHome | null>(null)
  const [moved, setMoved] = useState(false)
  const viewArea = useFollowArea(mapRef, bbox, () => setMoved(false))
  const { data, shown, inView, refresh } = useShownHomes(mapRef, homes, clusters)

  const onMoveEnd = useCallback(
    (event: ViewStateChangeEvent) => {
      // A move the person made (drag, pinch, wheel, buttons, keys), not a resize or the first fit.
      if (event.originalEvent) setMoved(true)
      refresh()
    },
    [refresh],
  )

  const expandCluster = async (cluster: Extract<Shown, { kind: 'cluster' }>) => {
    const map = mapRef.current?.getMap()
    const source = map?.getSource<GeoJSONSource>('homes')
    if (!map || !source) return
    const zoom = await source.getClusterExpansionZoom(cluster.id)
    setMoved(true)
    map.easeTo({ center: [cluster.longitude, cluster.latitude], zoom })
  }

  /** A cluster the server counted: searches its cell, where the homes (or finer clusters) show. */
  const searchCell = (cell: MapCluster) => {
    setMoved(false)
    onSearchArea(cell.bbox)
  }

  const searchThisArea = () => {
    const bounds = mapRef.current?.getMap().getBounds()
    if (!bounds) return
    const area = toBbox(bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth())
    viewArea.current = area.join()
    setMoved(false)
    onSearchArea(area)
  }

  const open = useOpenHome(listingHref)

  return (
    <div className="search-map">
      {clusters.length === 0 && total > homes.length ? (
        <p className="search-map__count" role="status">
          Showing {homes.length.toLocaleString('en-GB')} of {formatHomeCount(total)}
        </p>
      ) : null}
      <div className="search-map__frame">
        <MapView
          ref={mapRef}
          initialViewState={initialView}
          mapStyle={mapStyle}
          attributionControl={{ compact: false }}
          style={{ width: '100%', height: '100%' }}
          onLoad={refresh}
          onIdle={refresh}
          onMoveEnd={onMoveEnd}
          onSourceData={(event) => {
            tiles.onSourceData(event)
            if (event.sourceId === 'homes' && event.isSourceLoaded) refresh()
          }}
          onError={tiles.onError}
          onClick={() => setSelected(null)}
        >
          <NavigationControl position="top-right" showCompass={false} />
          <HomesSource data={data} />
          {shown.map((item) => (
            <ShownMarker
              key={
                item.kind === 'cluster'
                  ? `c${item.id}`
                  : item.kind === 'cell'
                    ? `g${item.cell.key}`
                    : item.home.id
              }
              item={item}
              onExpand={(cluster) => void expandCluster(cluster)}
              onSearchCell={searchCell}
              onSelect={setSelected}
            />
          ))}
          {area ? <DrawnArea points={area} /> : null}
          {selected && !drawing ? (
            <SelectedHome home={selected} href={listingHref(selected)} onOpen={(e) => open(e, selected)} />
          ) : null}
        </MapView>
        <MapUnavailable status={tiles.status} />
        {/* Drawing (or done drawing) hides the tapped home's card and `Search this area`. */}
        <AreaDrawing
          mapRef={mapRef}
          drawing={drawing}
          onDrawing={(on) => {
            setDrawing(on)
            setMoved(false)
          }}
          hasArea={area !== null}
          onDrawArea={onDrawArea}
        />
        {moved && !drawing ? (
          <button type="button" className="search-map__search-area" onClick={searchThisArea}>
            Search this area
          </button>
        ) : null}
      </div>
      <HomesInView homes={inView} listingHref={listingHref} onOpen={open} />
    </div>
  )
}

/** Opens a home's page in the app, unless the click asks for a new tab or window. */
function useOpenHome(listingHref: SearchMapProps['listingHref']) {
  const router = useRouter()
  return (event: MouseEvent<HTMLAnchorElement>, home: SearchMapHome) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ href: listingHref(home) })
  }
}

/**
 * A cluster (its count; a tap zooms in), a cluster the server counted (its count; a tap searches its cell) or
 * a home (its price; a tap shows its card).
 */
function ShownMarker({
  item,
  onExpand,
  onSearchCell,
  onSelect,
}: {
  item: Shown
  onExpand: (cluster: Extract<Shown, { kind: 'cluster' }>) => void
  onSearchCell: (cell: MapCluster) => void
  onSelect: (home: SearchMapHome) => void
}) {
  if (item.kind === 'cell')
    return (
      <Marker longitude={item.cell.longitude} latitude={item.cell.latitude}>
        <button
          type="button"
          className="search-map__cluster"
          aria-label={`${item.cell.homes} homes here, zoom in`}
          onClick={() => onSearchCell(item.cell)}
        >
          {item.cell.homes}
        </button>
      </Marker>
    )
  if (item.kind === 'cluster')
    return (
      <Marker longitude={item.longitude} latitude={item.latitude}>
        <button
          type="button"
          className="search-map__cluster"
          aria-label={`${item.count} homes here, zoom in`}
          onClick={() => onExpand(item)}
        >
          {item.count}
        </button>
      </Marker>
    )
  return (
    <Marker longitude={item.home.longitude} latitude={item.home.latitude} anchor="bottom">
      <button
        type="button"
        className="search-map__price"
        aria-label={`${item.home.name}, ${fullPrice(item.home)}`}
        onClick={(event) => {
          event.stopPropagation()
          onSelect(item.home)
        }}
      >
        {compactPrice(item.home.price)}
      </button>
    </Marker>
  )
}

/** The tapped home's card over its marker, linking to its page. */
function SelectedHome({
  home,
  href,
  onOpen,
}: {
  home: SearchMapHome
  href: string
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void
}) {
  return (
    <Popup
      longitude={home.longitude}
      latitude={home.latitude}
      // No fixed side: maplibre puts the card where it fits, below a marker near the top edge, never cut.
      offset={36}
      closeButton={false}
      closeOnClick={false}
      maxWidth="240px"
    >
      <a className="search-map__card" href={href} onClick={onOpen}>
        {home.coverUrl ? (
          <img src={home.coverUrl} alt="" width={220} height={124} crossOrigin="anonymous" />
        ) : null}
        <strong>{home.name}</strong>
        <span>{home.location}</span>
        <span className="search-map__card-price">{fullPrice(home)}</span>
      </a>
    </Popup>
  )
}

/** The homes in the map's view as a list of links (what a screen reader or keyboard walks). */
function HomesInView({
  homes,
  listingHref,
  onOpen,
}: {
  homes: SearchMapHome[]
  listingHref: SearchMapProps['listingHref']
  onOpen: (event: MouseEvent<HTMLAnchorElement>, home: SearchMapHome) => void
}) {
  return (
    <details className="search-map__list">
      <summary>Homes on this map ({homes.length.toLocaleString('en-GB')})</summary>
      <ul>
        {homes.map((home) => (
          <li key={home.id}>
            <a href={listingHref(home)} onClick={(e) => onOpen(e, home)}>
              {home.name}, {home.location}, {fullPrice(home)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}

/** The homes and the server's clusters, which MapLibre clusters further: an invisible layer the markers follow. */
function HomesSource({ data }: { data: FeatureCollection<Point> }) {
  return (
    <Source
      id="homes"
      type="geojson"
      data={data}
      cluster
      clusterRadius={CLUSTER_RADIUS}
      clusterMaxZoom={FIT.maxZoom}
      clusterProperties={{ homes: ['+', ['get', 'homes']] }}
    >
      {/* Invisible: MapLibre clusters the homes; the markers below draw them as HTML. */}
      <Layer id="homes" type="circle" paint={{ 'circle-radius': 1, 'circle-opacity': 0 }} />
    </Source>
  )
}

/** The drawn area on the map: a tinted shape with its outline. */
function DrawnArea({ points }: { points: AreaPoint[] }) {
  const data = useMemo<Feature<Polygon>>(() => {
    const ring = points.map(({ lat, lng }) => [lng, lat])
    const first = ring[0]
    return {
      type: 'Feature',
      properties: {},
      geometry: { type: 'Polygon', coordinates: [first ? [...ring, first] : ring] },
    }
  }, [points])
  return (
    <Source id="drawn-area" type="geojson" data={data}>
      <Layer id="drawn-area-fill" type="fill" paint={{ 'fill-color': '#1f5f4a', 'fill-opacity': 0.12 }} />
      <Layer id="drawn-area-line" type="line" paint={{ 'line-color': '#1f5f4a', 'line-width': 2.5 }} />
    </Source>
  )
}

/** Draw an area: its tools, and while drawing, the surface the finger draws on. */
function AreaDrawing({
  mapRef,
  drawing,
  onDrawing,
  hasArea,
  onDrawArea,
}: {
  mapRef: RefObject<MapRef | null>
  drawing: boolean
  onDrawing: (drawing: boolean) => void
  hasArea: boolean
  onDrawArea: (area: string | null) => void
}) {
  return (
    <>
      <DrawTools
        drawing={drawing}
        hasArea={hasArea}
        onDraw={() => onDrawing(true)}
        onCancel={() => onDrawing(false)}
        onClear={() => onDrawArea(null)}
      />
      {drawing ? (
        <DrawingSurface
          toMap={({ x, y }) => {
            const point = mapRef.current?.getMap().unproject([x, y])
            return { lat: point?.lat ?? 0, lng: point?.lng ?? 0 }
          }}
          onDrawn={(drawn) => {
            onDrawing(false)
            onDrawArea(drawn)
          }}
        />
      ) : null}
    </>
  )
}

/** `Draw an area`, and `Clear area` once one is drawn; `Cancel` while drawing. */
function DrawTools({
  drawing,
  hasArea,
  onDraw,
  onCancel,
  onClear,
}: {
  drawing: boolean
  hasArea: boolean
  onDraw: () => void
  onCancel: () => void
  onClear: () => void
}) {
  return (
    <div className="search-map__draw-tools">
      {drawing ? (
        <button type="button" className="search-map__tool" onClick={onCancel}>
          Cancel
        </button>
      ) : (
        <>
          <button type="button" className="search-map__tool" onClick={onDraw}>
            Draw an area
          </button>
          {hasArea ? (
            <button type="button" className="search-map__tool" onClick={onClear}>
              Clear area
            </button>
          ) : null}
        </>
      )}
    </div>
  )
}

const DRAW_PROBLEMS = {
  'crosses-itself': 'Draw an area that does not cross itself',
  'too-small': 'Draw a larger area, all the way round',
} as const

/**
 * A surface over the map while drawing: the finger's (or mouse's) path is drawn as it goes, and on release it
 * becomes the area (at most 50 points), or the person is told why not and draws again.
 */
function DrawingSurface({
  toMap,
  onDrawn,
}: {
  toMap: (point: ScreenPoint) => AreaPoint
  onDrawn: (area: string) => void
}) {
  const [stroke, setStroke] = useState<ScreenPoint[]>([])
  const [problem, setProblem] = useState<keyof typeof DRAW_PROBLEMS | null>(null)
  const down = useRef(false)
  const at = (event: PointerEvent<HTMLDivElement>): ScreenPoint => {
    const box = event.currentTarget.getBoundingClientRect()
    return { x: event.clientX - box.left, y: event.clientY - box.top }
  }
  const finish = () => {
    if (!down.current) return
    down.current = false
    const drawn = areaOfStroke(stroke, toMap)
    if ('area' in drawn) onDrawn(drawn.area)
    else {
      setProblem(drawn.problem)
      setStroke([])
    }
  }
  return (
    <div
      className="search-map__drawing"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId)
        down.current = true
        setProblem(null)
        setStroke([at(event)])
      }}
      onPointerMove={(event) => {
        if (!down.current) return
        const point = at(event)
        setStroke((points) => [...points, point])
      }}
      onPointerUp={finish}
      onPointerCancel={finish}
    >
      <p className="search-map__draw-hint" role="status">
        {problem ? DRAW_PROBLEMS[problem] : 'Draw around the area with your finger'}
      </p>
      <svg aria-hidden="true" width="100%" height="100%">
        <polyline points={stroke.map(({ x, y }) => `${x},${y}`).join(' ')} />
      </svg>
    </div>
  )
}
