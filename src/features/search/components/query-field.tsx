import { useId } from 'react'

export const QUERY_LABEL = 'Search by place or keyword'

type QueryFieldProps = { value: string; onChange: (value: string) => void; onBlur?: () => void }

/** The place or keyword field, labelled for assistive technology; its placeholder says the same. */
export function QueryField({ value, onChange, onBlur }: QueryFieldProps) {
  const id = useId()
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {QUERY_LABEL}
      </label>
      <input
        id={id}
        className="field__input"
        type="search"
        enterKeyHint="search"
        placeholder={QUERY_LABEL}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </>
  )
}
