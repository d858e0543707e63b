/** A form's errors by field name: one message per field, the first rule it broke. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

type Issue = { path: readonly PropertyKey[]; message: string }

/** Turns schema issues into one message per top-level field. */
export function toFieldErrors<Field extends string>(issues: readonly Issue[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if (typeof field !== 'string') continue
    const key = field as Field
    errors[key] ??= issue.message
  }
  return errors
}

/** Moves focus to the form's first field marked invalid, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
  first?.focus()
}
