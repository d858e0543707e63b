// `npm run gen:places -- <migration-name>`: write the places people search by, from the GB gazetteer, as the
// app's list (src/data/places.json, which suggestions and the device's search read) and as a migration that
// replaces the rows of public.places with the same list. Run it when the gazetteer or the rules of
// buildSearchPlaces change; `tests/integration/places.test.ts` checks that the two agree.
import fs from 'node:fs'
import path from 'node:path'
import { PROJECT_DIR } from '../config'
import { buildSearchPlaces, type SearchPlace } from '../core/geocode/places'
import { listMigrations } from '../db/migrate'
import { migrationSlug, nextMigrationVersion } from '../db/migration-version'
import { fail, log } from './run'

export const PLACES_JSON = 'src/data/places.json'

/** Each place as [id, name, label, lat, lng, population, parentId or 0], most populous first. */
export function placesJson(places: SearchPlace[]): string {
  const rows = places.map((p) =>
    JSON.stringify([p.id, p.name, p.label, p.lat, p.lng, p.population, p.parentId ?? 0]),
  )
  return `[\n${rows.join(',\n')}\n]\n`
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/** This place and its containers, innermost first. */
function withinOf(place: SearchPlace, byId: Map<number, SearchPlace>): number[] {
  const chain = [place.id]
  for (let p = place.parentId; p !== null; p = byId.get(p)?.parentId ?? null) chain.push(p)
  return chain
}

export function placesMigration(places: SearchPlace[]): string {
  const byId = new Map(places.map((p) => [p.id, p]))
  const depth = (p: SearchPlace) => withinOf(p, byId).length
  const ordered = [...places].sort((a, b) => depth(a) - depth(b) || a.id - b.id)
  const values = ordered.map(
    (p) =>
      `(${p.id}, ${literal(p.name)}, ${literal(p.label)}, ${literal(p.nation)}, ${p.lat}, ${p.lng}, ${p.population}, ${p.parentId ?? 'null'}, '{${withinOf(p, byId).join(',')}}')`,
  )
  return [
    `-- The places people search by (${places.length}), written by \`npm run gen:places\` from the GB gazetteer.`,
    '-- Containers come first, so each parent_id names a row already written; a place no longer listed is kept.',
    `insert into public.places (id, name, label, nation, latitude, longitude, population, parent_id, within) values\n${values.join(',\n')}`,
    'on conflict (id) do update set name = excluded.name, label = excluded.label, nation = excluded.nation,',
    '  latitude = excluded.latitude, longitude = excluded.longitude, population = excluded.population,',
    '  parent_id = excluded.parent_id, within = excluded.within;',
    '',
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const slug = migrationSlug(process.argv[2])
    const places = buildSearchPlaces()
    fs.writeFileSync(path.join(PROJECT_DIR, PLACES_JSON), placesJson(places))
    log(`wrote ${PLACES_JSON} (${places.length} places)`)
    const dir = path.join(PROJECT_DIR, 'supabase', 'migrations')
    const version = nextMigrationVersion(
      new Date(),
      listMigrations(dir).map((m) => m.version),
    )
    const file = path.join(dir, `${version}_${slug}.sql`)
    fs.writeFileSync(file, placesMigration(places))
    log(`wrote ${path.relative(PROJECT_DIR, file)}`)
  } catch (error) {
    fail(error)
  }
}
