import { type ChangeEvent, useEffect, useRef, useState } from 'react'
import { type FieldErrors, focusFirstInvalid, toFieldErrors } from '../utils/field-errors'

type Parser<Out> = {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Out }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
}

/** The fields of a form's values that hold text (those a text input edits). */
type TextField<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values] & string

/**
 * A form's state: values (text or any other kind), one error per field (cleared when the field changes),
 * focus moved to the first invalid field whenever errors are shown, and one submission at a time. The auth,
 * profile and listing forms share it.
 */
export function useFormFields<Values extends Record<string, unknown>>(
  initial: Values,
  initialErrors: FieldErrors<keyof Values & string> = {},
) {
  type Field = keyof Values & string
  const [values, setValues] = useState(initial)
  const [errors, setErrorState] = useState<FieldErrors<Field>>(initialErrors)
  const [focusRequest, setFocusRequest] = useState(0)
  const [submitting, setSubmitting] = useState(false)
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

  /** Changes one field, and clears its error. */
  const set = <K extends Field>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrorState((current) => (current[name] ? { ...current, [name]: undefined } : current))
  }

  /** The props of a text input bound to a field. */
  const field = (name: TextField<Values>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(name, event.target.value as Values[typeof name]),
  })

  /**
   * Runs one submission (another is ignored while it runs; `submitting` is true meanwhile). Errors it returns
   * are shown in the same render that ends it, so the fields are enabled again when the first takes focus.
   */
  async function submit(work: () => Promise<FieldErrors<Field> | undefined>): Promise<void> {
    if (submitting) return
    setSubmitting(true)
    let found: FieldErrors<Field> | undefined
    try {
      found = await work()
    } finally {
      setSubmitting(false)
      if (found) showErrors(found)
    }
  }

  return { values, setValues, set, errors, showErrors, validate, field, formRef, submitting, submit }
}

/** What useFormFields gives a form: the state its sections read and change. */
export type FormFields<Values extends Record<string, unknown>> = ReturnType<typeof useFormFields<Values>>
