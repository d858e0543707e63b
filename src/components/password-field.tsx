import { type InputHTMLAttributes, useState } from 'react'
import { TextField } from './text-field'

type PasswordFieldProps = {
  label: string
  error?: string | undefined
  hint?: string | undefined
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>

/** A password input with a show/hide toggle that says whether the password is visible. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="field__addon"
          aria-pressed={visible}
          aria-label="Show password"
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {visible ? null : <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.8" />}
          </svg>
        </button>
      }
    />
  )
}
