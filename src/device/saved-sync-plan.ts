/** A save or unsave this device has not yet sent to the server. */
export type PendingSavedOp = { listingId: string; kind: 'save' | 'unsave' }

export type SavedSyncInput = {
  /** Listing ids saved on this device. */
  device: string[]
  /** Listing ids saved on the server for the signed-in user. */
  server: string[]
  /** Ops still waiting to be sent, oldest first. */
  pending: PendingSavedOp[]
  /** True once this device's saves were merged with this user's: from then on the server leads. */
  alreadyMerged: boolean
}

export type SavedSyncPlan = {
  /** Ids to add to the device. */
  add: string[]
  /** Ids to remove from the device. */
  remove: string[]
  /** Ids to send to the server as saves. */
  push: string[]
}

/**
 * How this device's saves and the server's come together. The first time a user is seen on this device,
 * nothing is lost: both sides end up with the union. Afterwards the server leads (a home unsaved on another
 * device goes here too), except for what this device changed and has not sent yet.
 */
export function planSavedSync({ device, server, pending, alreadyMerged }: SavedSyncInput): SavedSyncPlan {
  const onDevice = new Set(device)
  const onServer = new Set(server)
  const lastPending = new Map<string, PendingSavedOp['kind']>()
  for (const op of pending) lastPending.set(op.listingId, op.kind)

  const target = alreadyMerged ? new Set(server) : new Set([...device, ...server])
  for (const [id, kind] of lastPending) {
    if (kind === 'save') target.add(id)
    else target.delete(id)
  }

  const push = alreadyMerged
    ? []
    : device.filter((id) => !onServer.has(id) && target.has(id) && lastPending.get(id) !== 'save')
  return {
    add: [...target].filter((id) => !onDevice.has(id)),
    remove: device.filter((id) => !target.has(id)),
    push,
  }
}
