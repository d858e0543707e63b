import { useId } from 'react'
import { SEARCH_COPY } from '../search-copy'

type PlaceInputProps = { value: string; onChange: (value: string) => void; onBlur?: () => void }

/** Set when the field is used before its suggestions' code has come: the field that replaces it takes the focus. */
export const earlyFocus = { taken: false }

/**
 * The place field as the first render draws it, before its suggestions' code (place-field.tsx) has loaded:
 * the same box, and what is typed goes to the same state, so nothing is lost when the combobox takes over.
 */
export function PlaceInput({ value, onChange, onBlur }: PlaceInputProps) {
  const id = useId()
  return (
    <div className="place-field">
      <label className="visually-hidden" htmlFor={id}>
        {SEARCH_COPY.queryLabel}
      </label>
      <input
        id={id}
        className="field__input"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={SEARCH_COPY.queryHint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => {
          earlyFocus.taken = true
        }}
        onBlur={() => {
          earlyFocus.taken = false
          onBlur?.()
        }}
      />
    </div>
  )
}
