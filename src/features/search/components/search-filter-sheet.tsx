import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react'
import { type HomeSearch, radiusLabel, SEARCH_RADII } from '../../../types/home-search'
import { formatHomeCount } from '../../../utils/format-home-count'
import { MAX_KEYWORDS_LENGTH } from '../../../utils/keywords'
import { EPC_RATINGS, PROPERTY_TYPE_LABELS, PROPERTY_TYPES } from '../../../utils/property-facts'
import { propertyTypesOf } from '../../../utils/search-facts'
import { SEARCH_COPY, UNDER_OFFER_LABEL } from '../search-copy'
import { text, useDraft } from './search-draft'
import './search-filter-sheet.css'

const TYPE_CHOICES = [
  { value: '', label: 'Any' },
  { value: 'rent', label: 'Rent' },
  { value: 'sale', label: 'Sale' },
] as const
const ROOM_CHOICES = [1, 2, 3, 4, 5, 6]
const FLAGS = [
  { key: 'parking', label: 'Parking' },
  { key: 'furnished', label: 'Furnished' },
  { key: 'offer', label: 'Offers only' },
] as const

/** The floor areas `Min floor area` offers, in m² (a link's other whole number is offered too). */
const AREA_CHOICES = [30, 40, 50, 60, 70, 80, 90, 100, 120, 150, 200]
/** The rent filters' checkboxes. */
const RENT_FLAGS = [
  { key: 'pets', label: 'Pets considered' },
  { key: 'bills', label: 'Bills included' },
] as const

type SearchFilterSheetProps = {
  search: HomeSearch
  /** How many homes the search finds now; null while it is asked. */
  total: number | null
  /** A committed change of the filters (the caller adds what is typed in its own fields). */
  onCommit: (patch: Record<string, unknown>) => void
  onClose: () => void
}

/**
 * The filters, as a sheet over the results: choices commit at once, typed prices on Enter or on leaving the
 * field. It ends with `Show N homes`, which closes it; so do Close and Escape. Loaded when first opened.
 */
export default function SearchFilterSheet({ search, total, onCommit, onClose }: SearchFilterSheetProps) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const [minPrice, setMinPrice] = useDraft(text(search.minPrice))
  const [maxPrice, setMaxPrice] = useDraft(text(search.maxPrice))
  const [keywords, setKeywords] = useDraft(text(search.keywords))

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])

  // Typed prices and keywords go with every change, so a choice made right after typing never drops them.
  const commit = (patch: Record<string, unknown> = {}) =>
    onCommit({ minPrice, maxPrice, ...(keywords === text(search.keywords) ? {} : { keywords }), ...patch })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    commit()
    dialog.current?.close()
  }

  return (
    <dialog ref={dialog} className="search-sheet" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form id={`${id}-filters`} className="search-filters" onSubmit={submit}>
        <div className="search-sheet__header">
          <h2 id={`${id}-title`} className="section-title">
            {SEARCH_COPY.filters}
          </h2>
          <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
        {search.place !== undefined ? (
          <FilterField label="Within">
            {(fieldId) => (
              <select
                id={fieldId}
                className="field__input"
                value={search.radius ?? ''}
                onChange={(event) => commit({ radius: event.target.value })}
              >
                <option value="">This area only</option>
                {SEARCH_RADII.map((radius) => (
                  <option key={radius} value={radius}>
                    {radiusLabel(radius)}
                  </option>
                ))}
              </select>
            )}
          </FilterField>
        ) : null}
        <FilterField label="Keywords">
          {(fieldId) => (
            <input
              id={fieldId}
              className="field__input"
              type="text"
              enterKeyHint="done"
              autoComplete="off"
              maxLength={MAX_KEYWORDS_LENGTH}
              placeholder="garden, loft"
              value={keywords}
              onChange={(event) => setKeywords(event.target.value)}
              onBlur={() => commit()}
            />
          )}
        </FilterField>
        <fieldset className="search-filters__type">
          <legend className="field__label">Type</legend>
          {TYPE_CHOICES.map((choice) => (
            <label key={choice.value} className="search-filters__choice">
              <input
                type="radio"
                name={`${id}-type`}
                value={choice.value}
                checked={(search.type ?? '') === choice.value}
                onChange={() => commit({ type: choice.value })}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <div className="search-filters__row">
          <PriceField label="Min price" value={minPrice} onChange={setMinPrice} onCommit={() => commit()} />
          <PriceField label="Max price" value={maxPrice} onChange={setMaxPrice} onCommit={() => commit()} />
        </div>
        <div className="search-filters__row">
          <RoomsField
            label="Min bedrooms"
            value={search.minBeds}
            onChange={(minBeds) => commit({ minBeds })}
          />
          <RoomsField
            label="Min bathrooms"
            value={search.minBaths}
            onChange={(minBaths) => commit({ minBaths })}
          />
        </div>
        <FactFilters search={search} onCommit={commit} />
        <div className="search-filters__flags">
          {FLAGS.map((flag) => (
            <label key={flag.key} className="search-filters__choice">
              <input
                type="checkbox"
                checked={search[flag.key] === true}
                onChange={(event) => commit({ [flag.key]: event.target.checked })}
              />
              {flag.label}
            </label>
          ))}
          <label className="search-filters__choice">
            <input
              type="checkbox"
              checked={search.underOffer !== false}
              onChange={(event) => commit({ underOffer: event.target.checked })}
            />
            {UNDER_OFFER_LABEL}
          </label>
        </div>
        <button type="submit" className="button button--primary button--block search-sheet__show">
          {total === null ? 'Show homes' : `Show ${formatHomeCount(total)}`}
        </button>
      </form>
    </dialog>
  )
}

type FactFiltersProps = { search: HomeSearch; onCommit: (patch: Record<string, unknown>) => void }

/**
 * The property facts' filters: `Property type` (several at once), `Min floor area`, `EPC at least`, and for
 * rent `Pets considered`, `Bills included` and `Available by`.
 */
function FactFilters({ search, onCommit }: FactFiltersProps) {
  const id = useId()
  const types = propertyTypesOf(search)
  const areaChoices =
    search.minArea === undefined || AREA_CHOICES.includes(search.minArea)
      ? AREA_CHOICES
      : [...AREA_CHOICES, search.minArea].sort((a, b) => a - b)
  return (
    <>
      <fieldset className="search-filters__type">
        <legend className="field__label">Property type</legend>
        {PROPERTY_TYPES.map((type) => (
          <label key={type} className="search-filters__choice">
            <input
              type="checkbox"
              name={`${id}-property-type`}
              value={type}
              checked={types.includes(type)}
              onChange={(event) =>
                onCommit({
                  propertyType: (event.target.checked
                    ? [...types, type]
                    : types.filter((other) => other !== type)
                  ).join(','),
                })
              }
            />
            {PROPERTY_TYPE_LABELS[type]}
          </label>
        ))}
      </fieldset>
      <div className="search-filters__row">
        <FilterField label="Min floor area">
          {(fieldId) => (
            <select
              id={fieldId}
              className="field__input"
              value={text(search.minArea)}
              onChange={(event) => onCommit({ minArea: event.target.value })}
            >
              <option value="">Any</option>
              {areaChoices.map((area) => (
                <option key={area} value={area}>{`${area} m²`}</option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField label="EPC at least">
          {(fieldId) => (
            <select
              id={fieldId}
              className="field__input"
              value={search.epc ?? ''}
              onChange={(event) => onCommit({ epc: event.target.value })}
            >
              <option value="">Any</option>
              {EPC_RATINGS.map((letter) => (
                <option key={letter} value={letter}>
                  {letter}
                </option>
              ))}
            </select>
          )}
        </FilterField>
      </div>
      {search.type === 'rent' ? (
        <div className="search-filters__row">
          <div className="search-filters__flags">
            {RENT_FLAGS.map((flag) => (
              <label key={flag.key} className="search-filters__choice">
                <input
                  type="checkbox"
                  checked={search[flag.key] === true}
                  onChange={(event) => onCommit({ [flag.key]: event.target.checked })}
                />
                {flag.label}
              </label>
            ))}
          </div>
          <FilterField label="Available by">
            {(fieldId) => (
              <input
                id={fieldId}
                className="field__input"
                type="date"
                value={search.availableBy ?? ''}
                onChange={(event) => onCommit({ availableBy: event.target.value })}
              />
            )}
          </FilterField>
        </div>
      ) : null}
    </>
  )
}

type PriceFieldProps = {
  label: string
  value: string
  onChange: (value: string) => void
  onCommit: () => void
}

/** A filter's label above its control. */
function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  )
}

function PriceField({ label, value, onChange, onCommit }: PriceFieldProps) {
  return (
    <FilterField label={label}>
      {(id) => (
        <input
          id={id}
          className="field__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          placeholder="£"
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/[£,\s]/g, ''))}
          onBlur={onCommit}
        />
      )}
    </FilterField>
  )
}

type RoomsFieldProps = { label: string; value: number | undefined; onChange: (value: string) => void }

function RoomsField({ label, value, onChange }: RoomsFieldProps) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select
          id={id}
          className="field__input"
          value={text(value)}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Any</option>
          {ROOM_CHOICES.map((rooms) => (
            <option key={rooms} value={rooms}>{`${rooms}+`}</option>
          ))}
        </select>
      )}
    </FilterField>
  )
}
