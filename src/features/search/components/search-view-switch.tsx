import { SEARCH_COPY } from '../search-copy'

type SearchViewSwitchProps = {
  mapView: boolean
  onShow: (view: 'list' | 'map') => void
}

/** The switch at the end of the search's controls: `Map` on the list, `List` on the map. */
export function SearchViewSwitch({ mapView, onShow }: SearchViewSwitchProps) {
  return (
    <button
      type="button"
      className="button button--secondary search-view"
      onClick={() => onShow(mapView ? 'list' : 'map')}
    >
      {mapView ? SEARCH_COPY.list : SEARCH_COPY.map}
    </button>
  )
}
