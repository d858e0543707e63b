import { SEARCH_COPY } from '../search-copy'

type SearchViewSwitchProps = {
  mapView: boolean
  onShow: (view: 'list' | 'map') => void
}

/** The List and Map switch under the search's controls. */
export function SearchViewSwitch({ mapView, onShow }: SearchViewSwitchProps) {
  return (
    <fieldset className="search-view">
      <legend className="visually-hidden">{SEARCH_COPY.view}</legend>
      <button
        type="button"
        className="search-view__button"
        aria-pressed={!mapView}
        onClick={() => onShow('list')}
      >
        {SEARCH_COPY.list}
      </button>
      <button
        type="button"
        className="search-view__button"
        aria-pressed={mapView}
        onClick={() => onShow('map')}
      >
        {SEARCH_COPY.map}
      </button>
    </fieldset>
  )
}
