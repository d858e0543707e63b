import type { ListingsRead } from '../utils/inline-script-helpers'

export type { ListingsRead }

/** A read's rows, and the exact count of all its matches when it asked for one (Prefer: count=exact). */
export type PublicRows = { rows: unknown[]; count: number | null }

/** Where the app's reads take a first screen's early answer from; null when it has none for this read. */
export type EarlyAnswer = (columns: string, read: ListingsRead) => Promise<PublicRows | null>

// Until the first screen fills the port (a test, or a start without index.html's early request), no answer.
let answer: EarlyAnswer = () => Promise.resolve(null)

/**
 * Hands the app's reads the early answer: called once, at the app's start, with the reader of index.html's
 * early request (src/first-screen/early-listings.ts). A port, so the reads below depend on no first screen.
 */
export function provideEarlyAnswer(source: EarlyAnswer): void {
  answer = source
}

/**
 * The rows of a first screen's read from the request index.html's inline script made for it, without
 * PostgREST's client. Null when there is none for this read, or it is spent or too old: ask getPublicDb.
 */
export const earlyListings: EarlyAnswer = (columns, read) => answer(columns, read)
