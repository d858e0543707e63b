import { useEffect, useRef, useState } from 'react'
import type { RoostDb } from './local-db'

/**
 * Renders the answer of a query on the device's database and re-renders whenever a write changes it
 * (in this tab or another). `key` names what the query reads: a new key starts a new query. Shows
 * `initial` until the first answer for the key, and for good if IndexedDB is unavailable.
 */
export function useLocalQuery<T>(key: string, query: (db: RoostDb) => Promise<T>, initial: T): T {
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null)
  const latestQuery = useRef(query)
  latestQuery.current = query

  useEffect(() => {
    let cancelled = false
    let unsubscribe = () => {}
    void import('./local-db')
      .then(({ db, liveQuery }) => {
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

/** Runs `work` against the device's database, loading it on first use; failures (no IndexedDB) give `fallback`. */
export async function withLocalDb<T>(work: (db: RoostDb) => Promise<T>, fallback: T): Promise<T> {
  try {
    const { db } = await import('./local-db')
    return await work(db)
  } catch {
    return fallback
  }
}
