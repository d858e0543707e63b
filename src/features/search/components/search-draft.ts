import { useState } from 'react'

/** A text field's value while it is typed; follows the URL when the URL changes (Back, Clear filters). */
export function useDraft(committed: string): [string, (value: string) => void] {
  const [draft, setDraft] = useState(committed)
  const [seen, setSeen] = useState(committed)
  if (seen !== committed) {
    setSeen(committed)
    setDraft(committed)
  }
  return [draft, setDraft]
}

export const text = (value: number | string | undefined) => (value === undefined ? '' : String(value))
