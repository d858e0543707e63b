// Search and map at scale (100,000 to 1,000,000 listings): every request the app makes for /search and for
// the search map, sent as the app sends it (anonymous GETs through the stack's gateway and PostgREST),
// timed at concurrency 1 and 8 against the budgets, with EXPLAIN (ANALYZE, BUFFERS) as anon of the SQL each
// becomes; then the /search landing page (its rows and its count) at a fixed rate on loopback.
import { spawn } from 'node:child_process'
import readline from 'node:readline'
import pg from 'pg'
import { mapOfSearch } from '../../src/features/search/map-plan'
import { parseHomeSearch } from '../../src/types/home-search'
import { LISTING_COLUMNS, MAP_HOME_COLUMNS } from '../../src/types/listing'
import type { MapCluster, MapHome } from '../../src/types/search-map'
import { REPO_ROOT } from '../../supabase/local/src/config'
import type { LoadCommand, LoadFigures, Loop, MeasureCommand, Measured } from './search-scale-client'
import { round } from './stats'

export type ScaleOptions = {
  apiUrl: string
  anonKey: string
  /** The stack's database as its schema owner (reads the cursors; EXPLAIN runs as anon inside it). */
  databaseUrl: string
  requests: number
  warmup: number
  /** The landing page's rate (requests of each of its two reads per second) and duration. */
  load: { rate: number; seconds: number }
}

/** Budgets of the issue: p95 at concurrency 1 and 8, and the landing page under load. */
export const BUDGETS = { c1P95Ms: 20, c8P95Ms: 60, loadP99Ms: 100 } as const

type Request = {
  name: string
  what: string
  /** The app's requests, sent together (a first page and its count, say); latency is the slower. */
  paths: string[]
  /**
   * The SQL each path becomes, for EXPLAIN as anon; `call`: a function call, whose own statements are
   * explained as it runs them (auto_explain).
   */
  sql: { text: string; params: unknown[]; call?: true }[]
  /** What the app sent before (exact counts, the table under RLS): timed a few times, for comparison only. */
  before?: true
  /** Request headers beyond the key (a count's Prefer). */
  prefer?: string
  /** Sent one after the other, as the app sends them (the map: its count decides what comes next). */
  inTurn?: true
}

export type ScaleFigures = {
  name: string
  what: string
  paths: string[]
  rows: number[]
  c1: Loop
  c8: Loop
  withinBudget: boolean
  before?: true
  explain: { sql: string; plan: string; executionMs: number }[]
}
export type ScaleReport = {
  listings: number
  settings: Record<string, string>
  requests: ScaleFigures[]
  load: LoadFigures
  budgets: typeof BUDGETS
}

const COLUMNS = LISTING_COLUMNS
const enc = encodeURIComponent
const SELECT = `select=${enc(COLUMNS)}`
/** What the search map selects of each home (search-map-data.ts). */
const MAP_SELECT = `select=${enc(MAP_HOME_COLUMNS)}`
const NEWEST = 'order=created_at.desc,id.desc'
const PRICE_UP = 'order=effective_price.asc,id.asc'
const PRICE_DOWN = 'order=effective_price.desc,id.desc'
const SQL_NEWEST = 'order by created_at desc, id desc'
const SQL_UP = 'order by effective_price asc, id asc'
const SQL_DOWN = 'order by effective_price desc, id desc'

/** The UK at country zoom, and a few streets of central London at city zoom. */
export const UK_BOX = [-8.2, 49.9, 1.8, 58.7] as const
export const CITY_BOX = [-0.135, 51.505, -0.115, 51.515] as const

/** One search of the app: its PostgREST filters and the SQL conditions they become ($n from `from`). */
type Search = { name: string; what: string; filters: [string, string, string | number][] }

const sqlOperator: Record<string, string> = { eq: '=', gte: '>=', lte: '<=', ilike: 'ilike', is: 'is' }
function sqlWhere(filters: Search['filters'], from = 1): { text: string; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  for (const [column, op, value] of filters) {
    if (op === 'is') parts.push(`${column} is ${value}`)
    else {
      params.push(value)
      parts.push(`${column} ${sqlOperator[op]} $${from + params.length - 1}`)
    }
  }
  return { text: parts.length ? parts.join(' and ') : 'true', params }
}
const restFilters = (filters: Search['filters']) =>
  filters.map(([column, op, value]) => `${column}=${op}.${enc(String(value))}`).join('&')

/** count_listings' arguments for a search's filters (as the app's countArgs writes them). */
function countArgs(
  filters: Search['filters'],
  box?: readonly number[],
): [string, string | number | boolean][] {
  const words: string[] = []
  const args: [string, string | number | boolean][] = []
  for (const [column, op, value] of filters) {
    if (column === 'search_text') words.push(String(value).replace(/%/g, ''))
    else if (column === 'type') args.push(['type', value])
    else if (column === 'effective_price') args.push([op === 'gte' ? 'min_price' : 'max_price', value])
    else if (column === 'bedrooms') args.push(['min_beds', value])
    else if (column === 'bathrooms') args.push(['min_baths', value])
    else args.push([column, true])
  }
  if (words.length) args.unshift(['words', words.join(' ')])
  if (box)
    args.push(['west', box[0] ?? 0], ['south', box[1] ?? 0], ['east', box[2] ?? 0], ['north', box[3] ?? 0])
  return args
}
const countPath = (args: [string, string | number | boolean][]) =>
  `/rest/v1/rpc/count_listings${args.length ? '?' : ''}${args.map(([k, v]) => `${k}=${enc(String(v))}`).join('&')}`
/** The count as the app asks for it: count_listings, whose statements EXPLAIN shows as it runs them. */
function countSql(filters: Search['filters'], box?: readonly number[]) {
  const args = countArgs(filters, box)
  return {
    text: `select public.count_listings(${args.map(([name], i) => `${name} => $${i + 1}`).join(', ')})`,
    params: args.map(([, value]) => value),
    call: true as const,
  }
}

const SEARCHES: Search[] = [
  { name: 'nothing-set', what: '/search with nothing set', filters: [] },
  { name: 'rent', what: '/search?type=rent', filters: [['type', 'eq', 'rent']] },
  {
    name: 'price-beds',
    what: '/search?type=sale&minPrice=200000&maxPrice=600000&minBeds=3',
    filters: [
      ['type', 'eq', 'sale'],
      ['effective_price', 'gte', 200_000],
      ['effective_price', 'lte', 600_000],
      ['bedrooms', 'gte', 3],
    ],
  },
  {
    name: 'offers-under',
    what: '/search?offer=true&maxPrice=1000',
    filters: [
      ['offer', 'is', 'true'],
      ['effective_price', 'lte', 1000],
    ],
  },
  {
    name: 'all-filters',
    what: '/search?type=rent&minPrice=800&maxPrice=2500&minBeds=2&minBaths=2&parking=true&furnished=true',
    filters: [
      ['type', 'eq', 'rent'],
      ['effective_price', 'gte', 800],
      ['effective_price', 'lte', 2500],
      ['bedrooms', 'gte', 2],
      ['bathrooms', 'gte', 2],
      ['parking', 'is', 'true'],
      ['furnished', 'is', 'true'],
    ],
  },
  { name: 'q-many', what: '/search?q=london (many homes)', filters: [['search_text', 'ilike', '%london%']] },
  {
    name: 'q-many-rent-price',
    what: '/search?q=london&type=rent&maxPrice=2000',
    filters: [
      ['search_text', 'ilike', '%london%'],
      ['type', 'eq', 'rent'],
      ['effective_price', 'lte', 2000],
    ],
  },
  {
    name: 'q-words-rent-price',
    what: '/search?q=flat&type=rent&maxPrice=1500 (a word of many descriptions, no place)',
    filters: [
      ['search_text', 'ilike', '%flat%'],
      ['type', 'eq', 'rent'],
      ['effective_price', 'lte', 1500],
    ],
  },
  {
    name: 'q-named-place-rent-price',
    what: '/search?q=york&type=rent&maxPrice=2000 (a town many descriptions name, few of whose own homes match)',
    filters: [
      ['search_text', 'ilike', '%york%'],
      ['type', 'eq', 'rent'],
      ['effective_price', 'lte', 2000],
    ],
  },
  {
    name: 'q-place-word-rent-price',
    what: '/search?q=london garden&type=rent&maxPrice=2000 (a place and a common word)',
    filters: [
      ['search_text', 'ilike', '%london%'],
      ['search_text', 'ilike', '%garden%'],
      ['type', 'eq', 'rent'],
      ['effective_price', 'lte', 2000],
    ],
  },
  // `few` is filled in from the data: a town with a handful of homes.
  { name: 'q-few', what: '/search?q=<a small town> (few homes)', filters: [] },
  {
    name: 'q-none',
    what: '/search?q=zzqxnomatch (no home)',
    filters: [['search_text', 'ilike', '%zzqxnomatch%']],
  },
]

const SORTS = [
  { name: 'newest', rest: NEWEST, sql: SQL_NEWEST, key: 'created_at' },
  { name: 'price-asc', rest: PRICE_UP, sql: SQL_UP, key: 'effective_price' },
  { name: 'price-desc', rest: PRICE_DOWN, sql: SQL_DOWN, key: 'effective_price' },
] as const

/** The PostgREST filters after a row that the app sent before search_homes (kept here for this bench's old paths). */
function afterCursor(
  sort: 'newest' | 'price-asc' | 'price-desc',
  cursor: { createdAt: string; price: number; reducedAt: null; id: string },
): { bound: { column: string; operator: string; value: string | number }; or: string } {
  const id = `"${cursor.id}"`
  if (sort === 'newest')
    return {
      bound: { column: 'created_at', operator: 'lte', value: cursor.createdAt },
      or: `created_at.lt."${cursor.createdAt}",id.lt.${id}`,
    }
  const [beyond, bound] = sort === 'price-asc' ? ['gt', 'gte'] : ['lt', 'lte']
  return {
    bound: { column: 'effective_price', operator: bound, value: cursor.price },
    or: `effective_price.${beyond}.${cursor.price},id.${beyond}.${id}`,
  }
}

/** Page 50's keyset cursor: after row 490 of the search in its order (as the app's afterCursor writes it). */
async function page50(
  db: pg.Pool,
  search: Search,
  sort: (typeof SORTS)[number],
): Promise<{ rest: string; sql: string; params: unknown[]; cursor: Cursor } | null> {
  const where = sqlWhere(search.filters)
  const { rows } = await db.query<{ id: string; created_at: Date; effective_price: number; at: string }>(
    `select id, effective_price, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"') as at
     from public.market_listings where ${where.text} ${sort.sql} offset 489 limit 1`,
    where.params,
  )
  const row = rows[0]
  if (!row) return null
  const n = where.params.length
  // What the app sends after that row (its afterCursor), and the same in SQL for EXPLAIN.
  const { bound, or } = afterCursor(sort.name, {
    createdAt: row.at,
    price: row.effective_price,
    reducedAt: null,
    id: row.id,
  })
  const rest = `${bound.column}=${bound.operator}.${enc(String(bound.value))}&or=${enc(`(${or})`)}`
  const cursor = { at: row.at, price: row.effective_price, id: row.id }
  if (sort.name === 'newest') {
    return {
      rest,
      sql: `created_at <= $${n + 1} and (created_at < $${n + 1} or id < $${n + 2})`,
      params: [row.at, row.id],
      cursor,
    }
  }
  const [cmp, eq] = sort.name === 'price-asc' ? ['>', '>='] : ['<', '<=']
  return {
    rest,
    sql: `effective_price ${eq} $${n + 1} and (effective_price ${cmp} $${n + 1} or id ${cmp} $${n + 2})`,
    params: [row.effective_price, row.id],
    cursor,
  }
}

/** The home a page starts after. */
type Cursor = { at: string; price: number; id: string }

/**
 * A page of a search with words, as the app asks for it (search-homes.ts): by GET, search_newest sorted newest and
 * search_by_price sorted by price, with count_listings' arguments, then the direction's, then the cursor's, then
 * the page size, then the columns; its SQL a call, whose own statements EXPLAIN shows as it runs them.
 */
function pageWithWords(sort: (typeof SORTS)[number]['name'], filters: Search['filters'], cursor?: Cursor) {
  const args = countArgs(filters)
  if (sort === 'price-desc') args.push(['descending', true])
  if (cursor && sort === 'newest') args.push(['after_created_at', cursor.at], ['after_id', cursor.id])
  if (cursor && sort !== 'newest') args.push(['after_price', cursor.price], ['after_id', cursor.id])
  args.push(['page_size', 11])
  const name = sort === 'newest' ? 'search_newest' : 'search_by_price'
  return {
    path: `/rest/v1/rpc/${name}?${args.map(([k, v]) => `${k}=${enc(String(v))}`).join('&')}&${SELECT}`,
    sql: {
      text: `select ${COLUMNS} from public.${name}(${args.map(([arg], i) => `${arg} => $${i + 1}`).join(', ')})`,
      params: args.map(([, value]) => value),
      call: true as const,
    },
  }
}

async function buildRequests(db: pg.Pool): Promise<Request[]> {
  // A town with a handful of homes: `few` matches.
  const few = await db.query<{ location: string }>(
    `select location from public.listings where name like 'Bench home no. %' group by location
     having count(*) between 5 and 40 order by count(*) desc, location limit 1`,
  )
  const fewWord = (few.rows[0]?.location ?? 'Zennor').split(',')[0]?.toLowerCase() ?? 'zennor'
  const searches = SEARCHES.map((s) =>
    s.name === 'q-few'
      ? {
          ...s,
          what: `/search?q=${fewWord} (few homes)`,
          filters: [['search_text', 'ilike', `%${fewWord}%`]],
        }
      : s,
  ) as Search[]
  const requests: Request[] = []
  for (const search of searches) {
    const where = sqlWhere(search.filters)
    const filters = restFilters(search.filters)
    for (const sort of SORTS) {
      // Words: search_newest or search_by_price (as the app asks); otherwise market_listings.
      const byFunction = search.filters.some(([column]) => column === 'search_text')
      const { path, sql } = byFunction
        ? pageWithWords(sort.name, search.filters)
        : {
            path: `/rest/v1/market_listings?${SELECT}${filters ? `&${filters}` : ''}&${sort.rest}&limit=11`,
            sql: {
              text: `select ${COLUMNS} from public.market_listings where ${where.text} ${sort.sql} limit 11`,
              params: where.params,
            },
          }
      // Page 1 comes with its count (the landing page's too, as index.html's early request sends them).
      requests.push({
        name: `${search.name}/${sort.name}/page-1`,
        what: `${search.what}${sort.name === 'newest' ? '' : `&sort=${sort.name}`}, page 1 and its count`,
        paths: [path, countPath(countArgs(search.filters))],
        sql: [sql, countSql(search.filters)],
      })
      const after = await page50(db, search, sort)
      if (!after) continue
      const next = byFunction
        ? pageWithWords(sort.name, search.filters, after.cursor)
        : {
            path: `${path}&${after.rest}`,
            sql: {
              text: `select ${COLUMNS} from public.market_listings where ${where.text} and ${after.sql} ${sort.sql} limit 11`,
              params: [...where.params, ...after.params],
            },
          }
      requests.push({
        name: `${search.name}/${sort.name}/page-50`,
        what: `${search.what}${sort.name === 'newest' ? '' : `&sort=${sort.name}`}, page 50 (keyset)`,
        paths: [next.path],
        sql: [next.sql],
      })
    }
  }
  // The map, as fetchSearchMap asks: mapOfSearch itself decides, answered here from the database, and each
  // request it makes is timed. Requests it makes before an earlier one has answered are sent together.
  for (const [zoom, box] of [
    ['country', UK_BOX],
    ['city', CITY_BOX],
  ] as const) {
    for (const type of [undefined, 'rent'] as const) {
      const filters: Search['filters'] = type ? [['type', 'eq', type]] : []
      const [west, south, east, north] = box
      const sent: { path: string; sql: { text: string; params: unknown[] }; turn: number; what: string }[] =
        []
      let answered = 0
      const ask = async <T>(request: Omit<(typeof sent)[number], 'turn'>, answer: () => Promise<T>) => {
        sent.push({ ...request, turn: answered })
        const result = await answer()
        answered += 1
        return result
      }
      const query = async (sql: { text: string; params: unknown[] }) =>
        (await db.query(sql.text, sql.params)).rows
      await mapOfSearch(parseHomeSearch({ type, bbox: box.join(',') }), box, {
        homes: (limit) => {
          const sql = {
            text: `select ${MAP_HOME_COLUMNS} from public.market_listings where ${type ? 'type = $5 and ' : ''}longitude >= $1 and longitude <= $2 and latitude >= $3 and latitude <= $4 ${SQL_NEWEST} limit ${limit}`,
            params: [west, east, south, north, ...(type ? [type] : [])],
          }
          const path = `/rest/v1/market_listings?${MAP_SELECT}${type ? `&type=eq.${type}` : ''}&longitude=gte.${west}&longitude=lte.${east}&latitude=gte.${south}&latitude=lte.${north}&${NEWEST}&limit=${limit}`
          return ask(
            { path, sql, what: `its homes (up to ${limit})` },
            async () => (await query(sql)) as MapHome[],
          )
        },
        count: () => {
          const sql = countSql(filters, box)
          return ask(
            { path: countPath(countArgs(filters, box)), sql, what: 'the count in the box' },
            async () => Number(Object.values((await query(sql))[0] ?? {})[0] ?? 0),
          )
        },
        clusters: (cell) => {
          const sql = {
            text: 'select * from public.map_clusters($1, $2, $3, $4, $5, $6)',
            params: [cell, west, south, east, north, type ?? null],
          }
          const path = `/rest/v1/rpc/map_clusters?cell=${cell}&west=${west}&south=${south}&east=${east}&north=${north}${type ? `&type=${type}` : ''}`
          return ask({ path, sql, what: `clusters (cells of ${cell}°)` }, async () =>
            (await query(sql)).map(
              (row): MapCluster => ({
                key: `${row.cell_x}:${row.cell_y}`,
                homes: row.homes,
                latitude: row.latitude,
                longitude: row.longitude,
                bbox: [
                  row.cell_x * cell,
                  row.cell_y * cell,
                  (row.cell_x + 1) * cell,
                  (row.cell_y + 1) * cell,
                ],
              }),
            ),
          )
        },
      })
      const turns = [...new Set(sent.map((request) => request.turn))].map((turn) =>
        sent
          .filter((request) => request.turn === turn)
          .map((request) => request.what)
          .join(' and '),
      )
      requests.push({
        name: `map/${zoom}${type ? `/${type}` : ''}`,
        what: `the search map at ${zoom} zoom${type ? ', homes to rent' : ''}: ${turns.join(', then ')}`,
        paths: sent.map((r) => r.path),
        ...(turns.length > 1 ? { inTurn: true as const } : {}),
        sql: sent.map((r) => r.sql),
      })
    }
  }
  // What the app sent before, under the same load: exact counts (Prefer: count=exact) of market_listings.
  const all = `/rest/v1/market_listings?${SELECT}`
  const london = 'search_text=ilike.%25london%25'
  const none = 'search_text=ilike.%25zzqxnomatch%25'
  const [w, so, e, n] = UK_BOX
  const ukBox = `longitude=gte.${w}&longitude=lte.${e}&latitude=gte.${so}&latitude=lte.${n}`
  const exact = (where: string, params: unknown[]) => ({
    text: `select count(*) from public.market_listings where ${where}`,
    params,
  })
  const before: Request[] = [
    {
      name: 'before/nothing-set/page-1',
      what: 'before: /search with nothing set, page 1 with its exact count (Prefer: count=exact)',
      paths: [`${all}&${NEWEST}&limit=11`],
      sql: [exact('true', [])],
      prefer: 'count=exact',
    },
    {
      name: 'before/q-many/page-1',
      what: 'before: /search?q=london, page 1 with its exact count',
      paths: [`${all}&${london}&${NEWEST}&limit=11`],
      sql: [
        {
          text: `select ${COLUMNS} from public.market_listings where search_text ilike $1 ${SQL_NEWEST} limit 11`,
          params: ['%london%'],
        },
        exact('search_text ilike $1', ['%london%']),
      ],
      prefer: 'count=exact',
    },
    {
      name: 'before/q-none/page-1',
      what: 'before: /search?q=zzqxnomatch, page 1 with its exact count',
      paths: [`${all}&${none}&${NEWEST}&limit=11`],
      sql: [
        {
          text: `select ${COLUMNS} from public.market_listings where search_text ilike $1 ${SQL_NEWEST} limit 11`,
          params: ['%zzqxnomatch%'],
        },
      ],
      prefer: 'count=exact',
    },
    {
      name: 'before/map/country',
      what: 'before: the search map at country zoom: up to 500 homes in the box with the exact count',
      paths: [`${all}&${ukBox}&${NEWEST}&limit=500`],
      sql: [
        exact('longitude >= $1 and longitude <= $2 and latitude >= $3 and latitude <= $4', [w, e, so, n]),
      ],
      prefer: 'count=exact',
    },
  ]
  for (const request of before) requests.push({ ...request, before: true })
  return requests
}

async function explainAsAnon(db: pg.Pool, sql: { text: string; params: unknown[]; call?: true }) {
  const client = await db.connect()
  // A call's own statements, each with its plan, as auto_explain reports them (to this client, as notices).
  const nested: { text: string; plan: string; ms: number }[] = []
  const onNotice = (notice: { message?: string }) => {
    const found = /^duration: ([\d.]+) ms\s+plan:\nQuery Text: (.*)\n([\s\S]*)$/.exec(notice.message ?? '')
    if (found) nested.push({ ms: Number(found[1]), text: found[2] ?? '', plan: found[3] ?? '' })
  }
  try {
    if (sql.call) {
      client.on('notice', onNotice)
      await client.query("load 'auto_explain'")
      for (const setting of ['log_min_duration = 0', 'log_analyze = on', 'log_buffers = on'])
        await client.query(`set auto_explain.${setting}`)
      await client.query('set auto_explain.log_nested_statements = on')
      await client.query("set auto_explain.log_level = 'notice'")
    }
    await client.query('begin')
    await client.query('set local role anon')
    await client.query('select set_config(\'request.jwt.claims\', \'{"role":"anon"}\', true)')
    const result = sql.call ? null : await client.query(`explain (analyze, buffers) ${sql.text}`, sql.params)
    if (sql.call) await client.query(sql.text, sql.params)
    await client.query('rollback')
    const shown = (text: string) =>
      text.replace(COLUMNS, '<listing columns>').replace(MAP_HOME_COLUMNS, '<map columns>')
    if (!sql.call) {
      const plan = (result?.rows ?? []).map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
      return {
        sql: shown(sql.text),
        plan,
        executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1] ?? Number.NaN),
      }
    }
    // The call itself is reported last, with the time of all it ran; its statements before it.
    const call = nested.at(-1)
    // Its reads of the listings, that is (count_listings' counts, search_newest's page): not the planner's
    // estimates it asks for, nor its expressions. Each is known by its first line, all auto_explain's text shows.
    const statements = nested
      .slice(0, -1)
      .filter((statement) =>
        /^(select count\(|select m\.\*|select \* from public\.market_listings)/.test(statement.text),
      )
    return {
      sql: shown(sql.text),
      plan: statements
        .map((statement) => `-- ${statement.text.replace(/\s+/g, ' ')}\n${statement.plan}`)
        .join('\n'),
      executionMs: call?.ms ?? Number.NaN,
    }
  } finally {
    client.off('notice', onNotice)
    if (sql.call) await client.query('reset auto_explain.log_min_duration').catch(() => {})
    client.release()
  }
}

/** The client process (search-scale-client.ts): one command at a time, one JSON line back for each. */
function startClient() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/search-scale-client.ts'], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const answers = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const send = async <T>(command: MeasureCommand | LoadCommand): Promise<T> => {
    child.stdin.write(`${JSON.stringify(command)}\n`)
    const next = await answers.next()
    if (next.done) throw new Error('the search-scale client exited')
    const answer = JSON.parse(next.value) as { result?: T; error?: string }
    if (answer.error !== undefined) throw new Error(answer.error)
    return answer.result as T
  }
  return {
    measure: (opts: ScaleOptions, request: Request) =>
      send<Measured>({
        kind: 'measure',
        apiUrl: opts.apiUrl,
        anonKey: opts.anonKey,
        name: request.name,
        paths: request.paths,
        ...(request.prefer ? { prefer: request.prefer } : {}),
        ...(request.inTurn ? { inTurn: true } : {}),
        // The old requests take up to seconds each at a million: a few are enough to compare.
        count: request.before ? Math.min(opts.requests, 10) : opts.requests,
        warmup: request.before ? 1 : opts.warmup,
      }),
    loadLanding: (opts: ScaleOptions) =>
      send<LoadFigures>({
        kind: 'load',
        apiUrl: opts.apiUrl,
        anonKey: opts.anonKey,
        paths: [`/rest/v1/market_listings?${SELECT}&${NEWEST}&limit=11`, '/rest/v1/rpc/count_listings'],
        rate: opts.load.rate,
        seconds: opts.load.seconds,
      }),
    close: () => {
      child.stdin.end()
    },
  }
}

export async function benchSearchScale(opts: ScaleOptions): Promise<ScaleReport> {
  const db = new pg.Pool({ connectionString: opts.databaseUrl, max: 4 })
  const client = startClient()
  try {
    const listings = Number((await db.query('select count(*) as n from public.listings')).rows[0].n)
    const settings: Record<string, string> = {}
    for (const name of [
      'shared_buffers',
      'effective_cache_size',
      'work_mem',
      'random_page_cost',
      'max_connections',
    ]) {
      settings[name] = String((await db.query(`show ${name}`)).rows[0][name])
    }
    const requests = await buildRequests(db)
    // The stack just started: its first few hundred requests are slower (code not yet optimised, caches of
    // each new database connection). Untimed, so that the first row is timed as warm as the last.
    const [first] = requests
    if (first && opts.requests > 0) await client.measure({ ...opts, requests: 200, warmup: 0 }, first)
    const figures: ScaleFigures[] = []
    for (const request of requests) {
      const { rows, c1, c8 } = await client.measure(opts, request)
      const explain = []
      for (const sql of request.sql) explain.push(await explainAsAnon(db, sql))
      figures.push({
        name: request.name,
        what: request.what,
        paths: request.paths,
        rows,
        c1,
        c8,
        withinBudget:
          c1.p95Ms <= BUDGETS.c1P95Ms && c8.p95Ms <= BUDGETS.c8P95Ms && c1.timeouts + c8.timeouts === 0,
        ...(request.before ? { before: true as const } : {}),
        explain,
      })
      console.log(
        `[scale] ${request.name}: c1 p95 ${c1.p95Ms} ms, c8 p95 ${c8.p95Ms} ms, timeouts ${c1.timeouts + c8.timeouts}`,
      )
    }
    const load =
      opts.load.seconds > 0
        ? await client.loadLanding(opts)
        : { ...opts.load, sent: 0, ok: 0, errors: 0, p50Ms: Number.NaN, p99Ms: Number.NaN, maxMs: Number.NaN }
    console.log(`[scale] landing load: ${JSON.stringify(load)}`)
    return { listings, settings, requests: figures, load, budgets: BUDGETS }
  } finally {
    client.close()
    await db.end()
  }
}

/** The report as markdown: the table of every request, the load test, then each EXPLAIN. */
export function scaleMarkdown(reports: ScaleReport[]): string {
  const md: string[] = []
  const n = (r: ScaleReport) => r.listings.toLocaleString('en-GB')
  md.push(`# Search and map at scale: ${reports.map(n).join(' and ')} listings`)
  md.push('')
  md.push(
    `Every request of /search and the search map, as the app sends it (anon, through the stack), ${reports[0]?.requests.length ?? 0} requests; ` +
      `budgets at 1,000,000: p95 ≤ ${BUDGETS.c1P95Ms} ms at concurrency 1, ≤ ${BUDGETS.c8P95Ms} ms at 8, no timeouts. ` +
      "A row that sends two requests (a page and its count) times the slower of the two, sent together; a map row sends what the app's mapOfSearch asks for (requests made after an earlier one answered are timed one after the other): at country zoom its clusters alone (1,000 homes in cells wholly inside the box make the count 1,000+), at city zoom its homes alone (up to 501; fewer are all of them, and their number is the count). " +
      'Requests are sent from a process of their own (search-scale-client.ts, node:http), which shares the 2 CPUs with the stack. ' +
      '"EXPLAIN ms" is the database\'s own execution time of the row\'s statements (EXPLAIN ANALYZE as anon; for ' +
      'count_listings, the whole call as auto_explain times it, planning its statements included, with the plan of ' +
      'each count it ran), ' +
      "which the machine's other load disturbs far less than the end-to-end figures. Rows marked (before) are what " +
      'the app sent before this change (exact counts of market_listings), timed 10 times only.',
  )
  md.push('')
  md.push(`Postgres settings: ${reports.map((r) => `${n(r)}: ${JSON.stringify(r.settings)}`).join('; ')}`)
  md.push('')
  const head = [
    'Request',
    ...reports.flatMap((r) => [
      `${n(r)} c1 p50 / p95 ms`,
      `${n(r)} c8 p95 ms`,
      `${n(r)} timeouts`,
      `${n(r)} EXPLAIN ms`,
      `${n(r)} budget`,
    ]),
  ]
  md.push(`| ${head.join(' | ')} |`)
  md.push(`| ${head.map(() => '---').join(' | ')} |`)
  const names = [...new Set(reports.flatMap((r) => r.requests.map((x) => x.name)))]
  for (const request of names.map((name) => ({ name }))) {
    const cells = reports.flatMap((r) => {
      const f = r.requests.find((x) => x.name === request.name)
      if (!f) return ['–', '–', '–', '–', '–']
      const executed = round(
        f.explain.reduce((sum, e) => sum + e.executionMs, 0),
        2,
      )
      return [
        `${f.c1.p50Ms} / ${f.c1.p95Ms}`,
        `${f.c8.p95Ms}`,
        `${f.c1.timeouts + f.c8.timeouts}`,
        `${executed}`,
        f.before ? '(before)' : Number.isNaN(f.c1.p95Ms) ? 'not timed' : f.withinBudget ? 'yes' : '**no**',
      ]
    })
    md.push(`| ${request.name} | ${cells.join(' | ')} |`)
  }
  md.push('')
  md.push('## The /search landing page under load')
  md.push('')
  md.push(
    'Its two reads (newest 11 rows, and count_listings) together, open loop on loopback, at most 400 in flight.',
  )
  md.push('')
  md.push('| Listings | Rate | Seconds | Sent | OK | Errors | p50 ms | p99 ms | max ms |')
  md.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const r of reports)
    md.push(
      `| ${n(r)} | ${r.load.rate}/s | ${r.load.seconds} | ${r.load.sent} | ${r.load.ok} | ${r.load.errors} | ${r.load.p50Ms} | ${r.load.p99Ms} | ${r.load.maxMs} |`,
    )
  for (const r of reports) {
    md.push('')
    md.push(`## EXPLAIN (ANALYZE, BUFFERS) as anon at ${n(r)} listings`)
    for (const f of r.requests) {
      md.push('')
      md.push(`### ${f.name}: ${f.what}`)
      md.push('')
      for (const path of f.paths)
        md.push(
          `- \`GET ${path.replace(enc(COLUMNS), '<listing columns>').replace(enc(MAP_HOME_COLUMNS), '<map columns>')}\``,
        )
      for (const e of f.explain) {
        md.push('')
        md.push('```sql')
        md.push(e.sql)
        md.push('```')
        md.push('')
        md.push('```')
        md.push(e.plan)
        md.push('```')
      }
    }
  }
  return `${md.join('\n')}\n`
}
