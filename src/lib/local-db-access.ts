import { useEffect, useRef, useState } from 'react'
import { nextTask } from '../utils/next-task'
import { firstScreen } from './first-screen-shown'
import type { RoostDb } from './local-db'
import { LOCAL_DB_NAME } from './local-db-name'

export type { RoostDb }

let opening: Promise<RoostDb> | undefined
/** The database once it has opened: later work goes straight to it. */
let openedDb: RoostDb | undefined

/**
 * Whether this device already keeps a Roost database (true where the browser cannot say). False means a first
 * visit: nothing is kept yet, so a screen need not wait for the database to learn that.
 */
export async function deviceDbKept(): Promise<boolean> {
  if (typeof window === 'undefined' || typeof indexedDB?.databases !== 'function') return true
  return indexedDB.databases().then(
    (list) => list.some((entry) => entry.name === LOCAL_DB_NAME),
    () => true,
  )
}

/**
 * Resolves at once when the device already keeps a Roost database (a return visit, maybe offline, reads
 * its copies straight away). On a first visit there is nothing to read yet, so Dexie (~30 kB gzip, and
 * the work of creating the database) waits until the page has loaded, the first screen and its photos are
 * shown, and the browser is idle, instead of competing with the first screen for the network and the main
 * thread.
 */
async function deviceDbWanted(): Promise<void> {
  if (await deviceDbKept()) return
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
  }
  await firstScreen.shown()
  await new Promise((resolve) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(resolve, { timeout: 2000 })
      : window.setTimeout(resolve, 200),
  )
}

/**
 * The device database, loaded on first use: the one way to Dexie (~30 kB gzip), as getSupabase() is to
 * supabase-js, so no screen pulls it into the first render by accident. Only src/device calls it.
 *
 * Evaluating Dexie, opening (on a first visit, creating) the database, and each piece of work that waited
 * for it run in tasks of their own: on a slow phone, one task for all of them would hold the screen for a
 * long moment just after it appears.
 */
export function getLocalDb(): Promise<RoostDb> {
  if (openedDb) return Promise.resolve(openedDb)
  opening ??= deviceDbWanted()
    .then(() => import('./local-db'))
    .then(async ({ db }) => {
      await nextTask()
      await db.open()
      openedDb = db
      return db
    })
    .catch((error: unknown) => {
      opening = undefined
      throw error
    })
  return opening.then(async (db) => {
    await nextTask()
    return db
  })
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
    void getLocalDb()
      .then(async (db) => [db, (await import('./local-db')).liveQuery] as const)
      .then(([db, liveQuery]) => {
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
