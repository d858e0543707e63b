import type { StackDeps } from '../http/deps'

/** Stores the seed listings' images through the storage layer, after seed.sql has run. */
export async function loadSeedObjects(_deps: StackDeps): Promise<void> {}
