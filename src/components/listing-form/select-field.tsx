import { useId } from 'react'
import '../forms.css'

type SelectFieldProps<T extends string> = {
  label: string
  name: string
  value: T | ''
  choices: readonly { value: T; label: string }[]
  /** What the empty choice says (nothing chosen). */
  empty: string
  onChange: (value: T | '') => void
  error?: string | undefined
  hint?: string | undefined
}

/** A labelled list of choices whose hint and error are announced with it, like TextField. */
export function SelectField<T extends string>({
  label,
  name,
  value,
  choices,
  empty,
  onChange,
  error,
  hint,
}: SelectFieldProps<T>) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="field__row">
        <select
          id={id}
          name={name}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          onChange={(event) => onChange(event.target.value as T | '')}
        >
          <option value="">{empty}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
