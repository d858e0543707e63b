import { createHash } from 'node:crypto'

/** Size of the seed's listing photos, in pixels. */
export const SEED_IMAGE_WIDTH = 1200
export const SEED_IMAGE_HEIGHT = 800

/** A deterministic stream of numbers in [0, 1) from a text seed (mulberry32 over a sha256 prefix). */
export function randomFrom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = () => number
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
const between = (random: Random, low: number, high: number) => low + random() * (high - low)

const SKIES = [
  ['#6fa8dc', '#cfe2f3'],
  ['#4a86c5', '#b4d3ee'],
  ['#f4a261', '#fde2c4'],
  ['#8fb8de', '#eef4fa'],
  ['#7d9bb5', '#d9e1e8'],
] as const
const WALLS = [
  '#a0522d',
  '#b5651d',
  '#8b4a3a',
  '#e8dcc4',
  '#f2efe6',
  '#c9c2b6',
  '#d8c39a',
  '#9c6b4e',
] as const
const ROOFS = ['#3d3d46', '#4b3b36', '#5a4a42', '#2f3a40', '#6b4f3a'] as const
const DOORS = ['#1f3b5a', '#7a1f2b', '#2e5d3a', '#111111', '#c9a227', '#5b6770'] as const
const ROOM_WALLS = ['#efe8dc', '#dfe7e2', '#e9dfe8', '#f4efe3', '#dde4ec', '#ece2d0'] as const
const FABRICS = ['#3f5e78', '#8a4f3d', '#5b7f5a', '#b8a27a', '#6d5a7b', '#4d4d4d'] as const
const FLOORS = ['#b07d4f', '#9a6a42', '#c89f6e', '#7d5a3c', '#d4c2a4'] as const

function bricks(wall: string): string {
  return `<pattern id="bricks" width="60" height="24" patternUnits="userSpaceOnUse">
    <rect width="60" height="24" fill="${wall}"/>
    <path d="M0 0H60M0 12H60M0 24H60M15 0V12M45 0V12M0 12V24M30 12V24" stroke="#00000030" stroke-width="2"/>
  </pattern>`
}

function window(x: number, y: number, w: number, h: number, frame: string): string {
  return `<g>
    <rect x="${x - 6}" y="${y - 6}" width="${w + 12}" height="${h + 12}" fill="${frame}"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#glass)"/>
    <path d="M${x + w / 2} ${y}V${y + h}M${x} ${y + h / 2}H${x + w}" stroke="${frame}" stroke-width="5"/>
    <rect x="${x - 12}" y="${y + h + 6}" width="${w + 24}" height="9" fill="#d9d4c7"/>
  </g>`
}

function tree(x: number, groundY: number, size: number, random: Random): string {
  const green = pick(random, ['#3f6e3a', '#4f7d3f', '#2f5a34', '#5d8a45'])
  const blobs = Array.from({ length: 6 }, () => {
    const bx = x + between(random, -size / 2, size / 2)
    const by = groundY - size * 1.4 + between(random, -size / 2, size / 3)
    return `<circle cx="${bx.toFixed(0)}" cy="${by.toFixed(0)}" r="${(size * between(random, 0.45, 0.7)).toFixed(0)}" fill="${green}"/>`
  }).join('')
  return `<rect x="${x - 8}" y="${groundY - size}" width="16" height="${size}" fill="#5a4030"/>${blobs}`
}

/** The cover photo: a house front with sky, roof, windows, door, garden. */
function facade(random: Random): string {
  const [skyTop, skyLow] = pick(random, SKIES)
  const wall = pick(random, WALLS)
  const brick = random() < 0.55
  const floors = random() < 0.3 ? 3 : 2
  const columns = 2 + Math.floor(random() * 3)
  const width = 220 + columns * 150
  const left = Math.round((SEED_IMAGE_WIDTH - width) / 2 + between(random, -80, 80))
  const groundY = 640
  const floorHeight = 165
  const top = groundY - floors * floorHeight
  const roof = pick(random, ROOFS)
  const frame = random() < 0.7 ? '#f7f7f2' : '#2b2b2b'
  const roofPeak = Math.max(40, top - between(random, 110, 190))
  const windows: string[] = []
  const doorColumn = Math.floor(random() * columns)
  for (let floor = 0; floor < floors; floor += 1) {
    for (let column = 0; column < columns; column += 1) {
      if (floor === floors - 1 && column === doorColumn) continue
      const x = left + 70 + column * ((width - 140) / columns) + 20
      windows.push(window(x, top + floor * floorHeight + 40, 90, 100, frame))
    }
  }
  const doorX = left + 70 + doorColumn * ((width - 140) / columns) + 30
  const clouds = Array.from({ length: 4 }, () => {
    const cx = between(random, 0, SEED_IMAGE_WIDTH)
    const cy = between(random, 40, 200)
    return `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${between(random, 70, 150).toFixed(0)}" ry="${between(random, 18, 34).toFixed(0)}" fill="#ffffff" opacity="0.75" filter="url(#soft)"/>`
  }).join('')
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyLow}"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dfeaf3"/><stop offset="0.5" stop-color="#7b93a8"/><stop offset="1" stop-color="#3e4f5e"/></linearGradient>
    <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6e9c4f"/><stop offset="1" stop-color="#3f6b2f"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="12"/></filter>
    ${bricks(wall)}
  </defs>
  <rect width="${SEED_IMAGE_WIDTH}" height="${SEED_IMAGE_HEIGHT}" fill="url(#sky)"/>
  ${clouds}
  <rect y="${groundY}" width="${SEED_IMAGE_WIDTH}" height="${SEED_IMAGE_HEIGHT - groundY}" fill="url(#lawn)"/>
  <polygon points="${doorX + 35},${groundY} ${doorX + 95},${groundY} ${doorX + 160},${SEED_IMAGE_HEIGHT} ${doorX - 30},${SEED_IMAGE_HEIGHT}" fill="#b9b2a5"/>
  <rect x="${left + width - 90}" y="${roofPeak - 10}" width="50" height="${top - roofPeak}" fill="${brick ? '#8b4a3a' : wall}"/>
  <polygon points="${left - 30},${top} ${left + width / 2},${roofPeak} ${left + width + 30},${top}" fill="${roof}"/>
  <rect x="${left}" y="${top}" width="${width}" height="${groundY - top}" fill="${brick ? 'url(#bricks)' : wall}"/>
  <rect x="${left}" y="${top}" width="${width}" height="14" fill="#00000025"/>
  ${windows.join('')}
  <rect x="${doorX}" y="${groundY - 150}" width="70" height="150" fill="${pick(random, DOORS)}"/>
  <circle cx="${doorX + 58}" cy="${groundY - 75}" r="4" fill="#d4af37"/>
  <rect x="${doorX - 10}" y="${groundY - 160}" width="90" height="10" fill="#eeeae0"/>
  ${tree(left - 110, groundY + 20, between(random, 90, 140), random)}
  ${random() < 0.6 ? tree(left + width + 120, groundY + 30, between(random, 80, 130), random) : ''}`
}

/** Walls, floorboards, a window and its light: what every inside photo starts from. */
function interior(random: Random, floorY: number, windowX: number): string {
  const [skyTop, skyLow] = pick(random, SKIES)
  const wall = pick(random, ROOM_WALLS)
  const floor = pick(random, FLOORS)
  const boards = Array.from({ length: 14 }, (_, i) => {
    const x = i * 90 + between(random, -10, 10)
    return `<path d="M${x.toFixed(0)} ${floorY}L${((x - 600) * 1.6 + 600).toFixed(0)} ${SEED_IMAGE_HEIGHT}" stroke="#00000022" stroke-width="3"/>`
  }).join('')
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyLow}"/></linearGradient>
    <linearGradient id="light" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>
  </defs>
  <rect width="${SEED_IMAGE_WIDTH}" height="${floorY}" fill="${wall}"/>
  <rect width="${SEED_IMAGE_WIDTH}" height="${floorY}" fill="url(#light)"/>
  <rect y="${floorY}" width="${SEED_IMAGE_WIDTH}" height="${SEED_IMAGE_HEIGHT - floorY}" fill="${floor}"/>
  ${boards}
  <rect y="${floorY - 18}" width="${SEED_IMAGE_WIDTH}" height="18" fill="#f8f6f0"/>
  <rect x="${windowX - 14}" y="106" width="248" height="318" fill="#f8f6f0"/>
  <rect x="${windowX}" y="120" width="220" height="290" fill="url(#sky)"/>
  <path d="M${windowX + 110} 120V410M${windowX} 265H${windowX + 220}" stroke="#f8f6f0" stroke-width="10"/>
  <polygon points="${windowX},410 ${windowX + 220},410 ${windowX + 330},${floorY + 120} ${windowX - 80},${floorY + 120}" fill="#ffffff" opacity="0.12"/>`
}

/** A living room or a bedroom: sofa and rug, or a made bed, with a picture on the wall. */
function room(random: Random, bedroom: boolean): string {
  const fabric = pick(random, FABRICS)
  const floorY = 560
  const windowX = between(random, 120, 420)
  const furniture = bedroom
    ? `<rect x="${windowX + 330}" y="${floorY - 170}" width="40" height="170" fill="${pick(random, FLOORS)}"/>
       <rect x="${windowX + 330}" y="${floorY - 90}" width="420" height="120" rx="12" fill="#f6f3ee"/>
       <rect x="${windowX + 420}" y="${floorY - 80}" width="330" height="110" rx="10" fill="${fabric}"/>
       <rect x="${windowX + 345}" y="${floorY - 120}" width="90" height="40" rx="14" fill="#ffffff"/>`
    : `<rect x="${windowX + 300}" y="${floorY - 150}" width="440" height="70" rx="18" fill="${fabric}"/>
       <rect x="${windowX + 280}" y="${floorY - 95}" width="480" height="85" rx="20" fill="${fabric}"/>
       <rect x="${windowX + 300}" y="${floorY - 12}" width="14" height="30" fill="#3a2c20"/>
       <rect x="${windowX + 726}" y="${floorY - 12}" width="14" height="30" fill="#3a2c20"/>
       <ellipse cx="${windowX + 520}" cy="${floorY + 110}" rx="330" ry="60" fill="${pick(random, FABRICS)}" opacity="0.6"/>
       <rect x="${windowX + 420}" y="${floorY + 40}" width="200" height="16" fill="#5a4030"/>`
  return `${interior(random, floorY, windowX)}
  <rect x="${windowX + 420}" y="150" width="${between(random, 140, 220).toFixed(0)}" height="120" fill="${pick(random, FABRICS)}" stroke="#3a2c20" stroke-width="8"/>
  ${furniture}`
}

const UNITS = ['#f4f1ea', '#2f4858', '#7d8f69', '#c8b79e', '#39424e', '#e3d5c0'] as const
const WORKTOPS = ['#3b3b3b', '#d9d4cb', '#8a6a4a', '#f2f0ec'] as const
const TILES = ['#ffffff', '#cfe3e8', '#e6efe9', '#2e3b4e', '#d8d2c4'] as const

/** A kitchen: base and wall units, a worktop with a hob and a sink under the window. */
function kitchen(random: Random): string {
  const floorY = 600
  const windowX = between(random, 360, 620)
  const units = pick(random, UNITS)
  const top = pick(random, WORKTOPS)
  const doors = Array.from({ length: 8 }, (_, i) => {
    const x = 60 + i * 135
    return `<rect x="${x}" y="${floorY - 200}" width="125" height="190" fill="${units}" stroke="#00000030" stroke-width="3"/>
      <rect x="${x + 50}" y="${floorY - 180}" width="26" height="6" rx="3" fill="#8c8c8c"/>`
  }).join('')
  const wallUnits = [60, 330, 900]
    .filter((x) => x + 240 < windowX - 20 || x > windowX + 240)
    .map(
      (x) =>
        `<rect x="${x}" y="110" width="240" height="150" fill="${units}" stroke="#00000030" stroke-width="3"/>`,
    )
    .join('')
  const hobX = windowX > 600 ? 180 : 880
  return `${interior(random, floorY, windowX)}
  <rect x="40" y="${floorY - 270}" width="${SEED_IMAGE_WIDTH - 80}" height="70" fill="${pick(random, TILES)}" stroke="#00000018" stroke-width="2"/>
  ${wallUnits}
  ${doors}
  <rect x="40" y="${floorY - 222}" width="${SEED_IMAGE_WIDTH - 80}" height="26" fill="${top}"/>
  <rect x="${windowX + 30}" y="${floorY - 222}" width="160" height="14" rx="6" fill="#b8bcc0"/>
  <path d="M${windowX + 110} ${floorY - 222}V${floorY - 280}H${windowX + 140}" stroke="#9aa0a6" stroke-width="8" fill="none"/>
  <rect x="${hobX}" y="${floorY - 226}" width="200" height="10" fill="#1d1d1d"/>
  <circle cx="${hobX + 50}" cy="${floorY - 250}" r="22" fill="#6b4f3a"/>
  <rect x="${hobX + 110}" y="${floorY - 290}" width="70" height="64" rx="6" fill="#c0392b"/>`
}

/** A bathroom: tiled walls, a bath with a shower screen, a basin and a mirror. */
function bathroom(random: Random): string {
  const tile = pick(random, TILES)
  const floorY = 620
  const bathX = between(random, 80, 300)
  const grid = Array.from(
    { length: 12 },
    (_, i) => `M0 ${i * 50}H${SEED_IMAGE_WIDTH}M${i * 100} 0V${floorY}`,
  ).join('')
  return `<defs>
    <linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4f8fb"/><stop offset="1" stop-color="#a9b8c4"/></linearGradient>
  </defs>
  <rect width="${SEED_IMAGE_WIDTH}" height="${floorY}" fill="${tile}"/>
  <path d="${grid}" stroke="#00000018" stroke-width="3"/>
  <rect y="${floorY}" width="${SEED_IMAGE_WIDTH}" height="${SEED_IMAGE_HEIGHT - floorY}" fill="${pick(random, ['#6b6b6b', '#d9d4cb', '#3f4a55', '#b9a58a'])}"/>
  <rect x="${bathX}" y="${floorY - 170}" width="520" height="170" rx="30" fill="#fbfbf8" stroke="#00000020" stroke-width="4"/>
  <rect x="${bathX + 20}" y="${floorY - 440}" width="12" height="270" fill="#c9cfd4"/>
  <rect x="${bathX + 32}" y="${floorY - 440}" width="170" height="270" fill="#e8f2f7" opacity="0.45" stroke="#c9cfd4" stroke-width="4"/>
  <circle cx="${bathX + 110}" cy="${floorY - 470}" r="30" fill="#c9cfd4"/>
  <rect x="${bathX + 680}" y="${floorY - 260}" width="200" height="40" rx="12" fill="#fbfbf8" stroke="#00000020" stroke-width="4"/>
  <rect x="${bathX + 760}" y="${floorY - 220}" width="40" height="220" fill="#fbfbf8" stroke="#00000020" stroke-width="4"/>
  <rect x="${bathX + 700}" y="${floorY - 520}" width="160" height="220" rx="10" fill="url(#mirror)" stroke="#8c8c8c" stroke-width="6"/>
  <rect x="${bathX + 520}" y="${floorY - 120}" width="90" height="110" rx="10" fill="${pick(random, FABRICS)}"/>`
}

/** A garden: the back of the house, a patio, a lawn with borders, a fence and trees. */
function garden(random: Random): string {
  const [skyTop, skyLow] = pick(random, SKIES)
  const wall = pick(random, WALLS)
  const fenceY = 430
  const planks = Array.from({ length: 30 }, (_, i) => `M${i * 40} ${fenceY}V${fenceY + 120}`).join('')
  const flowers = Array.from({ length: 40 }, () => {
    const x = between(random, 0, SEED_IMAGE_WIDTH)
    const y = between(random, fenceY + 110, fenceY + 160)
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${between(random, 6, 12).toFixed(0)}" fill="${pick(random, ['#e07a5f', '#f2cc8f', '#b56576', '#ffffff', '#9d4edd'])}"/>`
  }).join('')
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyLow}"/></linearGradient>
    <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7aa85a"/><stop offset="1" stop-color="#3f6b2f"/></linearGradient>
  </defs>
  <rect width="${SEED_IMAGE_WIDTH}" height="${SEED_IMAGE_HEIGHT}" fill="url(#sky)"/>
  ${tree(between(random, 150, 450), fenceY + 40, between(random, 110, 160), random)}
  ${tree(between(random, 750, 1050), fenceY + 40, between(random, 90, 150), random)}
  <rect y="${fenceY}" width="${SEED_IMAGE_WIDTH}" height="120" fill="#8a6a4a"/>
  <path d="${planks}" stroke="#00000030" stroke-width="3"/>
  <rect y="${fenceY + 120}" width="${SEED_IMAGE_WIDTH}" height="${SEED_IMAGE_HEIGHT - fenceY - 120}" fill="url(#lawn)"/>
  <rect y="${fenceY + 105}" width="${SEED_IMAGE_WIDTH}" height="55" fill="#4a3a2a"/>
  ${flowers}
  <polygon points="0,${SEED_IMAGE_HEIGHT - 110} ${SEED_IMAGE_WIDTH},${SEED_IMAGE_HEIGHT - 110} ${SEED_IMAGE_WIDTH},${SEED_IMAGE_HEIGHT} 0,${SEED_IMAGE_HEIGHT}" fill="#c9c2b6"/>
  <path d="M0 ${SEED_IMAGE_HEIGHT - 55}H${SEED_IMAGE_WIDTH}M200 ${SEED_IMAGE_HEIGHT - 110}V${SEED_IMAGE_HEIGHT}M500 ${SEED_IMAGE_HEIGHT - 110}V${SEED_IMAGE_HEIGHT}M800 ${SEED_IMAGE_HEIGHT - 110}V${SEED_IMAGE_HEIGHT}" stroke="#00000025" stroke-width="3"/>
  <rect x="${between(random, 80, 700).toFixed(0)}" y="${SEED_IMAGE_HEIGHT - 170}" width="220" height="12" fill="${wall}"/>`
}

/** The kinds of photo a listing shows: the outside first (the cover), then rooms and the garden. */
export const PHOTO_KINDS = ['outside', 'living room', 'kitchen', 'bedroom', 'bathroom', 'garden'] as const
export type PhotoKind = (typeof PHOTO_KINDS)[number]

/**
 * How many different drawings of each kind exist. Listings share them (a photo is one of these), so
 * a fresh stack renders a few dozen images, not one per listing photo.
 */
export const PHOTO_VARIANTS: Record<PhotoKind, number> = {
  outside: 16,
  'living room': 6,
  kitchen: 6,
  bedroom: 6,
  bathroom: 5,
  garden: 5,
}

/** Which drawing photo n (1 to 6) of a seed listing is: the cover is outside, the rest in a listing's own order. */
export function seedPhoto(listingId: string, index: number): { kind: PhotoKind; variant: number } {
  const random = randomFrom(listingId)
  const rest = PHOTO_KINDS.slice(1).map((kind) => ({ kind, order: random() }))
  rest.sort((a, b) => a.order - b.order)
  const kind = index <= 1 ? 'outside' : ((rest[index - 2]?.kind ?? 'bedroom') as PhotoKind)
  const variant = Math.floor(randomFrom(`${listingId}/${index}`)() * PHOTO_VARIANTS[kind])
  return { kind, variant }
}

/** An illustrated photo of one kind as SVG, the same for the same variant. */
export function listingImageSvg(kind: PhotoKind, variant: number): string {
  const random = randomFrom(`${kind}/${variant}`)
  const body =
    kind === 'outside'
      ? facade(random)
      : kind === 'kitchen'
        ? kitchen(random)
        : kind === 'bathroom'
          ? bathroom(random)
          : kind === 'garden'
            ? garden(random)
            : room(random, kind === 'bedroom')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SEED_IMAGE_WIDTH}" height="${SEED_IMAGE_HEIGHT}" viewBox="0 0 ${SEED_IMAGE_WIDTH} ${SEED_IMAGE_HEIGHT}">${body}</svg>`
}
