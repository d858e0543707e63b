import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { project, TILE_SIZE } from '@roost/local-supabase/tiles/render'
import { TILE_STYLE_VERSION, tileStore } from '@roost/local-supabase/tiles/tile-store'
import sharp from 'sharp'
import { afterAll, describe, expect, inject, it } from 'vitest'

const tile = (z: number, x: number, y: number, init?: RequestInit) =>
  fetch(`${inject('apiUrl')}/tiles/v1/${z}/${x}/${y}.png`, init)

/** The tile holding a place at zoom z, and the place's pixel inside it. */
function tileAt(lon: number, lat: number, z: number) {
  const [px, py] = project(lon, lat, z)
  const [x, y] = [Math.floor(px / TILE_SIZE), Math.floor(py / TILE_SIZE)]
  return { x, y, left: Math.floor(px - x * TILE_SIZE), top: Math.floor(py - y * TILE_SIZE) }
}

async function pixel(png: Buffer, left: number, top: number): Promise<string> {
  const { data } = await sharp(png).extract({ left, top, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  })
  return [...data.subarray(0, 3)].map((c) => c.toString(16).padStart(2, '0')).join('')
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-tiles-'))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

describe('map tiles from the local stack (/tiles/v1/{z}/{x}/{y}.png)', () => {
  it('serves a PNG of real geography to a map on another origin, without an API key', async () => {
    // Zoom 6 around the Irish Sea: Great Britain's land and the sea between it and Ireland.
    const land = tileAt(-1.5, 52.5, 6) // the Midlands
    const sea = tileAt(-5.0, 54.0, 6) // the Irish Sea, east of the Isle of Man's longitude band
    expect([land.x, land.y]).toEqual([sea.x, sea.y])
    const res = await tile(6, land.x, land.y, { headers: { Origin: 'http://localhost:4173' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('access-control-allow-origin')).toBeTruthy()
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/)
    const png = Buffer.from(await res.arrayBuffer())
    const meta = await sharp(png).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256])
    expect(await pixel(png, land.left, land.top)).not.toBe(await pixel(png, sea.left, sea.top))
  })

  it('names places from GeoNames: a city tile has more than land and sea colours in it', async () => {
    const london = tileAt(-0.1276, 51.5072, 9)
    const png = Buffer.from(await (await tile(9, london.x, london.y)).arrayBuffer())
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true })
    const colours = new Set<number>()
    for (let i = 0; i + 2 < data.length; i += 3) {
      colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0))
    }
    expect(colours.size).toBeGreaterThan(10)
  })

  it('answers 404 for tiles that do not exist', async () => {
    const missing: Array<[number, number, number]> = [
      [15, 0, 0],
      [2, 4, 0],
      [2, 0, 4],
    ]
    for (const [z, x, y] of missing) expect((await tile(z, x, y)).status).toBe(404)
    expect((await fetch(`${inject('apiUrl')}/tiles/v1/1/0/x.png`)).status).toBe(404)
  })

  it('draws a tile once and keeps it on disk for every later request', async () => {
    const store = tileStore(scratch)
    const [first, second] = await Promise.all([store.get(3, 3, 2), store.get(3, 3, 2)])
    const file = path.join(scratch, TILE_STYLE_VERSION, '3', '3', '2.png')
    expect(fs.readFileSync(file).equals(first as Buffer)).toBe(true)
    expect(second?.equals(first as Buffer)).toBe(true)
    // A kept tile is served as it is on disk, not drawn again.
    fs.writeFileSync(file, Buffer.from('kept'))
    expect((await tileStore(scratch).get(3, 3, 2))?.toString()).toBe('kept')
    expect(fs.readdirSync(path.dirname(file))).toEqual(['2.png'])
  })
})
