import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react'
import './forms.css'

type Common = {
  label: string
  /** The field's error; linked to the input with aria-describedby and marks it invalid. */
  error?: string | undefined
  /** A short hint under the label, also linked to the input. */
  hint?: string | undefined
  /** Controls shown inside the field's row (e.g. a show-password button). */
  addon?: ReactNode
}

type InputFieldProps = Common & { multiline?: false } & InputHTMLAttributes<HTMLInputElement>
type TextareaFieldProps = Common & { multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>

/** A labelled input (or textarea) whose hint and error are announced with it. */
export function TextField(props: InputFieldProps | TextareaFieldProps) {
  const id = useId()
  const { label, error, hint, addon, multiline, className, ...rest } = props
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const shared = {
    id,
    className: ['field__input', className ?? ''].filter(Boolean).join(' '),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  }
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
        {multiline ? (
          <textarea {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
        ) : (
          <input {...(rest as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
        )}
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
