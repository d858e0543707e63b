import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgrestFixture, dropPostgrestFixture } from './postgrest-fixture'
import { restFetch } from './rest-fixture'

/** A small deterministic generator, so that a failing request can be reproduced from the seed. */
function random(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  return { next, pick, chance: (p: number) => next() < p }
}

const TABLES = ['pe_projects', 'pe_clients', 'pe_tasks', 'pe_users', 'pe_people', 'pe_messages', 'nope', '']
const COLUMNS = [
  'id',
  'name',
  'client_id',
  'hours',
  'parent_id',
  'body',
  'nope',
  '"na,me"',
  'data->a->>b',
  '*',
]
const EMBEDS = [
  'pe_clients',
  'pe_projects',
  'pe_tasks',
  'pe_users',
  'pe_users!sender_id',
  'pe_users!pe_messages_receiver_id_fkey!inner',
  'pe_tasks!left',
  'parent_id',
  'children:pe_people',
  'pe_label',
  'pe_big_tasks',
  'pe_client',
  'x!y!z',
  'pe_clients!nope',
]
const OPERATORS = ['eq', 'neq', 'gt', 'lt', 'gte', 'like', 'ilike', 'is', 'in', 'cs', 'fts', 'match', 'nope']
const VALUES = [
  '1',
  'abc',
  'null',
  'true',
  '(1,2)',
  '("a,b",c)',
  '{1,2}',
  '*a*',
  "'; drop",
  '',
  '%',
  '\\',
  '(',
  ')',
]
const ACCEPTS = [
  undefined,
  'application/json',
  'application/vnd.pgrst.object+json',
  'text/csv',
  'application/geo+json',
  'application/vnd.pgrst.plan+json',
  'image/png',
  'application/json;nulls=stripped',
]
const PREFERS = [
  undefined,
  'count=exact',
  'count=planned',
  'count=estimated',
  'handling=strict, max-affected=1',
  'handling=strict, nope=1',
  'return=representation, tx=rollback',
  'missing=default, tx=rollback',
]

function selectList(r: ReturnType<typeof random>, depth: number): string {
  const items: string[] = []
  const n = 1 + Math.floor(r.next() * 3)
  for (let i = 0; i < n; i++) {
    const roll = r.next()
    if (roll < 0.45) items.push(r.pick(COLUMNS) + (r.chance(0.1) ? '::text' : ''))
    else if (roll < 0.55) items.push(r.pick(['count()', 'hours.sum()', 'id.max()::text', 'name.avg()']))
    else if (depth < 3) {
      const spread = r.chance(0.15) ? '...' : ''
      items.push(`${spread}${r.pick(EMBEDS)}(${r.chance(0.1) ? '' : selectList(r, depth + 1)})`)
    } else items.push('id')
  }
  return items.join(',')
}

/** Well-formed reads of the fixture, combined at random, so that many requests succeed. */
const VALID_SELECTS = [
  'id,name',
  '*,pe_clients(*)',
  'name,pe_tasks(name,hours)',
  'name,pe_tasks!inner(name)',
  'name,...pe_clients(client:name)',
  'name,pe_big_tasks(name),pe_client(name)',
  'id,pe_label',
  'name,pe_clients!left(name,pe_projects(id))',
]
const VALID_FILTERS = [
  ['id', 'lte.3'],
  ['name', 'ilike.*a*'],
  ['pe_tasks.hours', 'gt.2'],
  ['client_id', 'not.is.null'],
  ['or', '(id.eq.1,name.like.H*)'],
  ['pe_tasks.order', 'hours.desc'],
  ['pe_tasks.limit', '1'],
] as const

function validRequest(r: ReturnType<typeof random>): { path: string; init: RequestInit } {
  const params = new URLSearchParams({ select: r.pick(VALID_SELECTS) })
  for (const [key, value] of VALID_FILTERS) if (r.chance(0.25)) params.append(key, value)
  if (!/pe_tasks[(!]/.test(params.get('select') ?? '')) {
    for (const key of [...params.keys()]) if (key.startsWith('pe_tasks.')) params.delete(key)
  }
  if (r.chance(0.3)) params.set('order', r.pick(['id.desc', 'name', 'client_id.nullsfirst']))
  const headers: Record<string, string> = {}
  if (r.chance(0.3)) headers.Prefer = r.pick(['count=exact', 'count=planned', 'count=estimated'])
  return { path: `pe_projects?${params}`, init: { method: r.pick(['GET', 'GET', 'HEAD']), headers } }
}

function request(seed: number): { path: string; init: RequestInit } {
  const r = random(seed)
  if (r.chance(0.35)) return validRequest(r)
  const rpc = r.chance(0.12)
  const table = rpc
    ? `rpc/${r.pick(['pe_add', 'pe_keys', 'pe_shout', 'pe_rename_upto', 'pe_describe', 'nope'])}`
    : r.pick(TABLES)
  const params = new URLSearchParams()
  if (r.chance(0.8)) params.set('select', selectList(r, 0))
  const filters = Math.floor(r.next() * 3)
  for (let i = 0; i < filters; i++) {
    const prefix = r.chance(0.3) ? `${r.pick(['pe_tasks', 'pe_clients', 'children', 'x'])}.` : ''
    const not = r.chance(0.2) ? 'not.' : ''
    if (r.chance(0.15))
      params.append(`${prefix}or`, `(id.eq.${r.pick(VALUES)},name.${r.pick(OPERATORS)}.${r.pick(VALUES)})`)
    else params.append(`${prefix}${r.pick(COLUMNS)}`, `${not}${r.pick(OPERATORS)}.${r.pick(VALUES)}`)
  }
  if (r.chance(0.3))
    params.set(
      r.chance(0.5) ? 'order' : 'pe_tasks.order',
      `${r.pick(COLUMNS)}.${r.pick(['asc', 'desc', 'nullsfirst', 'up'])}`,
    )
  if (r.chance(0.2))
    params.set(r.pick(['limit', 'offset', 'pe_tasks.limit']), r.pick(['0', '2', '-1', 'x', '99999']))
  if (rpc && r.chance(0.5)) params.set(r.pick(['a', 'b', 'max_id']), r.pick(VALUES))
  const headers: Record<string, string> = {}
  const accept = r.pick(ACCEPTS)
  if (accept) headers.Accept = accept
  const prefer = r.pick(PREFERS)
  if (prefer) headers.Prefer = prefer
  if (r.chance(0.1))
    headers[r.chance(0.5) ? 'Accept-Profile' : 'Content-Profile'] = r.pick(['public', 'auth', 'pe_extra'])
  const method = r.chance(0.75) ? r.pick(['GET', 'HEAD']) : r.pick(['POST', 'PATCH', 'DELETE', 'PUT'])
  const init: RequestInit = { method, headers }
  if (method === 'POST' || method === 'PATCH') {
    headers['Content-Type'] = r.pick(['application/json', 'text/plain', 'application/octet-stream'])
    // Writes never stick: every write is rolled back or refused by the grants.
    headers.Prefer = `${prefer ? `${prefer}, ` : ''}tx=rollback`
    init.body = r.pick([
      '{"id": 900, "name": "fuzz"}',
      '[{"id": 901, "name": "a"}, {"name": "b"}]',
      '{"a": 1, "b": 2}',
      '{"p": {"id": 1, "name": "x"}}',
      'not json',
      '',
      '[]',
      '{"nope": 1}',
    ])
  }
  const query = params.toString()
  return { path: `${table}${query ? `?${query}` : ''}`, init }
}

beforeAll(createPostgrestFixture)
afterAll(dropPostgrestFixture)

describe('the data API under 2,000 generated requests', () => {
  it('answers every one with a PostgREST answer, never a 5xx', { timeout: 240_000 }, async () => {
    const failures: string[] = []
    const statuses = new Map<number, number>()
    const seeds = Array.from({ length: 2000 }, (_, i) => i + 1)
    const worker = async () => {
      for (let seed = seeds.shift(); seed !== undefined; seed = seeds.shift()) {
        const { path, init } = request(seed)
        const response = await restFetch(path, init)
        const text = await response.text()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        if (response.status >= 500)
          failures.push(`#${seed} ${init.method} ${path} → ${response.status} ${text}`)
      }
    }
    await Promise.all(Array.from({ length: 6 }, worker))
    expect(failures).toEqual([])
    // The generator reaches both answers and refusals.
    expect((statuses.get(200) ?? 0) + (statuses.get(206) ?? 0)).toBeGreaterThan(500)
    expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThan(3)
  })
})
