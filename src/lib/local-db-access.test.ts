import 'fake-indexeddb/auto'
import { expect, it } from 'vitest'
import { getLocalDb } from './local-db-access'

it('work that waited for the device database to open goes on in a task of its own, not all in one', async () => {
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
