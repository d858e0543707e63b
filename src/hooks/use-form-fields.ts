import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { type FieldErrors, focusFirstInvalid, toFieldErrors } from '../utils/field-errors'

type Parser<Out> = {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Out }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
}

/**
 * Text fields of a small form: values, one error per field (cleared as the user types), and focus moved to
 * the first invalid field whenever errors are shown.
 */
export function useFormFields<Field extends string>(initial: Record<Field, string>) {
  const [values, setValues] = useState(initial)
  const [errors, setErrorState] = useState<FieldErrors<Field>>({})
  const [focusRequest, setFocusRequest] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current)
  }, [focusRequest])

  const showErrors = (next: FieldErrors<Field>) => {
    setErrorState(next)
    setFocusRequest((n) => n + 1)
  }

  /** Parses the values; shows the errors and returns null when a rule is broken. */
  function validate<Out>(schema: Parser<Out>): Out | null {
    const result = schema.safeParse(values)
    if (result.success) {
      setErrorState({})
      return result.data
    }
    showErrors(toFieldErrors<Field>(result.error.issues))
    return null
  }

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value
      setValues((current) => ({ ...current, [name]: value }))
      setErrorState((current) => (current[name] ? { ...current, [name]: undefined } : current))
    },
  })

  return { values, setValues, errors, showErrors, validate, field, formRef }
}
