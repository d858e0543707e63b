import fs from 'node:fs/promises'
import path from 'node:path'
import { MAX_TILE_ZOOM, renderTile } from './render'

/** Bumped when the drawing changes, so tiles kept from an older look are drawn again. */
export const TILE_STYLE_VERSION = 'v1'

export type TileStore = {
  /** The PNG of tile z/x/y: from disk if drawn before, else drawn now and kept; null if it does not exist. */
  get(z: number, x: number, y: number): Promise<Buffer | null>
}

export const isTile = (z: number, x: number, y: number) =>
  Number.isInteger(z) &&
  Number.isInteger(x) &&
  Number.isInteger(y) &&
  z >= 0 &&
  z <= MAX_TILE_ZOOM &&
  x >= 0 &&
  y >= 0 &&
  x < 2 ** z &&
  y < 2 ** z

/** Tiles drawn on first request and kept under `dir` (e.g. .local/tiles), never drawn twice. */
export function tileStore(dir: string): TileStore {
  const drawing = new Map<string, Promise<Buffer>>()
  const draw = async (file: string, z: number, x: number, y: number) => {
    const png = await renderTile(z, x, y)
    await fs.mkdir(path.dirname(file), { recursive: true })
    // Written aside and renamed, so a stop mid-write never leaves half a tile to serve later.
    const partial = `${file}.${process.pid}.part`
    await fs.writeFile(partial, png)
    await fs.rename(partial, file)
    return png
  }
  return {
    async get(z, x, y) {
      if (!isTile(z, x, y)) return null
      const file = path.join(dir, TILE_STYLE_VERSION, String(z), String(x), `${y}.png`)
      const kept = await fs.readFile(file).catch(() => null)
      if (kept) return kept
      let pending = drawing.get(file)
      if (!pending) {
        pending = draw(file, z, x, y).finally(() => drawing.delete(file))
        drawing.set(file, pending)
      }
      return pending
    },
  }
}
