import { type RefObject, useEffect, useState } from 'react'
import type { Listing } from '../../../types/listing'
import { type EditFields, type EditPhoto, photoUrls } from '../../../types/listing-edit'

/** What an open edit screen has heard of its listing: nothing new, a change made elsewhere, or its deletion. */
export type Elsewhere = 'none' | 'changed' | 'deleted'

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Watches the listing an edit screen has open (topic listing:<id>: any change, and its deletion) and reads it
 * again when told, and after every join and re-join. A newer version that is only this device's own waiting
 * edits arriving (the server now holds what the form started from) is nothing new. Otherwise, when the person
 * has typed nothing (`edited` says false) the screen reads the listing again (`reload`), and when they have,
 * nothing of theirs is touched: the screen says the listing changed. Nothing is heard while the screen itself
 * saves (`saving`).
 */
export function useChangedElsewhere(opts: {
  listing: Listing
  start: { fields: EditFields; photos: EditPhoto[] }
  edited: () => boolean
  saving: RefObject<boolean>
  reload: () => void
}): Elsewhere {
  const { listing, start, edited, saving, reload } = opts
  const [heard, setHeard] = useState<Elsewhere>('none')
  // biome-ignore lint/correctness/useExhaustiveDependencies: one watch for the listing and version the screen holds; the callbacks read the current form.
  useEffect(() => {
    let live = true
    let stop: (() => void) | undefined
    const check = async () => {
      if (!navigator.onLine || saving.current) return
      // The sender's read, whose code the screen loads to save anyway (no chunk of its own for this).
      const { readServerListing } = await import('../api/send-listing-edit')
      const server = await readServerListing(listing.id)
      if (!live || saving.current) return
      if (!server) {
        setHeard('deleted')
        return
      }
      if (server.version === listing.version) return
      if (!edited()) {
        reload()
        return
      }
      const unchanged = same(server.fields, start.fields) && same(server.imageUrls, photoUrls(start.photos))
      if (!unchanged) setHeard('changed')
    }
    const heardSomething = () => void check().catch(() => undefined)
    void import('../../../lib/realtime').then(({ watchLive }) => {
      if (live)
        stop = watchLive(`listing:${listing.id}`, { onJoined: heardSomething, onEvent: heardSomething })
    })
    return () => {
      live = false
      stop?.()
    }
  }, [listing.id, listing.version])
  return heard
}
