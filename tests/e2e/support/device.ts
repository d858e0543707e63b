import { expect, type Page } from '@playwright/test'

/** Waits until the device's database holds the list view `key`, written at or after `since`. */
export async function expectStoredView(page: Page, key: string, since: number): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        ([viewKey, after]) =>
          new Promise<boolean>((resolve) => {
            // Opening a database that does not exist yet would create it: ask whether it exists first.
            void indexedDB.databases().then(
              (databases) => {
                if (!databases.some((d) => d.name === 'roost')) return resolve(false)
                readView()
              },
              () => resolve(false),
            )
            const readView = () => {
              const open = indexedDB.open('roost')
              open.onerror = () => resolve(false)
              open.onsuccess = () => {
                const db = open.result
                if (!db.objectStoreNames.contains('views')) {
                  db.close()
                  return resolve(false)
                }
                const get = db
                  .transaction('views')
                  .objectStore('views')
                  .get(viewKey as string)
                get.onsuccess = () => {
                  db.close()
                  resolve(
                    ((get.result as { fetchedAt?: number } | undefined)?.fetchedAt ?? 0) >= (after as number),
                  )
                }
                get.onerror = () => {
                  db.close()
                  resolve(false)
                }
              }
            }
          }),
        [key, since] as const,
      ),
    )
    .toBe(true)
}
