import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import type { Place } from '../../../utils/places'
import { SEARCH_COPY } from '../search-copy'
import { earlyFocus } from './place-input'

// The places' code and list (~100 kB) load when the field is first used, never with the first screen.
const placesCode = () => import('../../../utils/places')

type PlaceFieldProps = {
  value: string
  onChange: (value: string) => void
  /** A suggestion picked (tap, or Enter on the one the arrow keys reached). */
  onPick: (place: Place) => void
  onBlur?: () => void
}

/**
 * The place field (loaded just after the first render, which draws place-input.tsx): from the second letter typed it suggests places, most populous first, as a combobox with a
 * listbox (WAI-ARIA's combobox pattern: arrow keys move through the suggestions, Enter picks the one reached,
 * Escape closes them). Text searched without picking one is the caller's (the form's submit).
 */
export default function PlaceField({ value, onChange, onPick, onBlur }: PlaceFieldProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [options, setOptions] = useState<Place[]>([])
  const [active, setActive] = useState(-1)
  const [open, setOpen] = useState(false)
  const asked = useRef(0)
  const shown = open && options.length > 0

  useTakeOver(input, value, (text) => suggest(text))

  function suggest(text: string) {
    const ask = ++asked.current
    void placesCode().then(async ({ loadPlaces, suggestPlaces }) => {
      const places = await loadPlaces()
      if (ask !== asked.current) return
      setOptions(suggestPlaces(places, text))
      setActive(-1)
      setOpen(true)
    })
  }

  const change = (text: string) => {
    onChange(text)
    suggest(text)
  }
  const pick = (place: Place) => {
    asked.current++
    setOpen(false)
    onChange(place.label)
    onPick(place)
  }
  const keyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && shown) {
      event.preventDefault()
      setOpen(false)
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : options.length
      setOpen(true)
      // -1 is the text itself: the arrows pass through it from the last suggestion to the first.
      setActive((index) => (shown ? ((index + 1 + step) % (options.length + 1)) - 1 : step === 1 ? 0 : -1))
    } else if (event.key === 'Enter') {
      const place = shown ? options[active] : undefined
      if (place) {
        event.preventDefault()
        pick(place)
      } else {
        asked.current++
        setOpen(false)
      }
    }
  }

  return (
    <div className="place-field">
      <label className="visually-hidden" htmlFor={id}>
        {SEARCH_COPY.queryLabel}
      </label>
      <input
        ref={input}
        id={id}
        className="field__input"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${id}-places`}
        aria-activedescendant={shown && active >= 0 ? `${id}-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={SEARCH_COPY.queryHint}
        value={value}
        onChange={(event) => change(event.target.value)}
        onKeyDown={keyDown}
        onFocus={() => void placesCode().then(({ loadPlaces }) => loadPlaces())}
        onBlur={() => {
          asked.current++
          setOpen(false)
          onBlur?.()
        }}
      />
      <div
        id={`${id}-places`}
        role="listbox"
        aria-label="Places"
        className="place-field__list"
        hidden={!shown}
      >
        {options.map((place, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the field's (aria-activedescendant), which keeps the focus.
          <div
            key={place.id}
            id={`${id}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            // Keeps the focus in the field, whose blur would otherwise search the text before the tap lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(place)}
          >
            {place.label}
          </div>
        ))}
      </div>
    </div>
  )
}

/**
 * Typing had begun in the field drawn before this code came: the focus stays in the field, and what was typed
 * there gets its suggestions at once (no keystroke may come after it).
 */
function useTakeOver(
  input: RefObject<HTMLInputElement | null>,
  value: string,
  suggest: (text: string) => void,
) {
  const typedEarly = useRef(earlyFocus.taken ? value : '')
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as this field takes over from the early one.
  useEffect(() => {
    if (earlyFocus.taken) input.current?.focus()
    earlyFocus.taken = false
    if (typedEarly.current.trim() !== '') suggest(typedEarly.current)
  }, [])
}
