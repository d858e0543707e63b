import { useEffect } from 'react'

const dirtyForms = new Set<symbol>()
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

/** True while any form on screen has input that is not saved yet; the app never reloads itself then. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0
}

export function subscribeUnsavedChanges(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A form calls this with whether it holds unsaved input; it counts until the form is clean or unmounted. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return
    const form = Symbol('form')
    dirtyForms.add(form)
    notify()
    return () => {
      dirtyForms.delete(form)
      notify()
    }
  }, [dirty])
}
