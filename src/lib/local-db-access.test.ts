import 'fake-indexeddb/auto'
import { beforeEach, expect, it, vi } from 'vitest'

/** The module as a page loads it: nothing opened yet, whichever test ran before. */
async function freshAccess() {
  const access = await import('./local-db-access')
  const { db } = await import('./local-db')
  return { getLocalDb: access.getLocalDb, db }
}

beforeEach(() => {
  vi.resetModules()
})

it('work that waited for the device database to open goes on in a task of its own, not all in one', async () => {
  const { getLocalDb, db } = await freshAccess()
  expect(db.isOpen()).toBe(false)
  const order: string[] = []
  const first = getLocalDb().then(() => {
    order.push('first')
    // Runs before the next task: the second caller comes after it only if it has a task of its own.
    queueMicrotask(() => order.push('end of the first task'))
  })
  const second = getLocalDb().then(() => order.push('second'))
  await Promise.all([first, second])
  expect(order).toEqual(['first', 'end of the first task', 'second'])
})

it('the database is open when handed out, and later work gets the same one at once', async () => {
  const { getLocalDb } = await freshAccess()
  const db = await getLocalDb()
  expect(db.isOpen()).toBe(true)
  let settled = false
  const again = getLocalDb().then((same) => {
    settled = true
    return same
  })
  await Promise.resolve()
  expect(settled).toBe(true)
  expect(await again).toBe(db)
})
