import { useEffect, useRef, useState } from 'react'
import type { RoostDb } from './local-db'

export type { RoostDb }

let opening: Promise<RoostDb> | undefined

/**
 * The device database, loaded on first use: the one way to Dexie (~30 kB gzip), as getSupabase() is to
 * supabase-js, so no screen pulls it into the first render by accident. Only src/device calls it.
 */
export function getLocalDb(): Promise<RoostDb> {
  opening ??= import('./local-db').then(
    ({ db }) => db,
    (error: unknown) => {
      opening = undefined
      throw error
    },
  )
  return opening
}

/** Runs `work` against the device database; failures (no IndexedDB, a blocked upgrade) give `fallback`. */
export async function withLocalDb<T>(work: (db: RoostDb) => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work(await getLocalDb())
  } catch {
    return fallback
  }
}

/**
 * Renders the answer of a query on the device database and re-renders whenever a write changes it (in this
 * tab or another). `key` names what the query reads: a new key starts a new query. Shows `initial` until the
 * first answer for the key, and for good if IndexedDB is unavailable.
 */
export function useLocalQuery<T>(key: string, query: (db: RoostDb) => Promise<T>, initial: T): T {
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null)
  const latestQuery = useRef(query)
  latestQuery.current = query

  useEffect(() => {
    let cancelled = false
    let unsubscribe = () => {}
    void Promise.all([getLocalDb(), import('./local-db')])
      .then(([db, { liveQuery }]) => {
        if (cancelled) return
        const subscription = liveQuery(() => latestQuery.current(db)).subscribe({
          next: (value) => setAnswer({ key, value }),
          error: () => undefined,
        })
        unsubscribe = () => subscription.unsubscribe()
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
      unsubscribe()
    }
  }, [key])

  return answer !== null && answer.key === key ? answer.value : initial
}
