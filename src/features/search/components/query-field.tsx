import { useId } from 'react'
import { SEARCH_COPY } from '../search-copy'

type QueryFieldProps = { value: string; onChange: (value: string) => void; onBlur?: () => void }

/** The place or keyword field, labelled for assistive technology; its placeholder says the same. */
export function QueryField({ value, onChange, onBlur }: QueryFieldProps) {
  const id = useId()
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {SEARCH_COPY.queryLabel}
      </label>
      <input
        id={id}
        className="field__input"
        type="search"
        enterKeyHint="search"
        placeholder={SEARCH_COPY.queryLabel}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </>
  )
}
