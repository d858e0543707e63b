import { describe, expect, it } from 'vitest'
import { RestError } from './errors'
import { parseQuery } from './query-params'
import type { FunctionInfo, SchemaCache, TableInfo } from './schema-cache'
import { buildDelete, buildInsert, buildRead, buildRpc, buildUpdate, type ReadQuery } from './statements'

const column = (name: string, type = 'text', defaultSql: string | null = null) =>
  [name, { name, type, defaultSql }] as const
const listings: TableInfo = {
  name: 'listings',
  kind: 'table',
  columns: new Map([
    column('id', 'uuid', 'gen_random_uuid()'),
    column('name'),
    column('price', 'integer'),
    column('data', 'jsonb'),
  ]),
  primaryKey: ['id'],
}
const cache: SchemaCache = {
  schema: 'public',
  tables: new Map([['listings', listings]]),
  functions: new Map(),
  relationships: new Map(),
}
const HOSTILE = `x'); drop table listings; --"`

function read(query: string, extra: Partial<ReadQuery> = {}): { text: string; values: unknown[] } {
  const parts = parseQuery(new URLSearchParams(query).entries())
  return buildRead(cache, listings, {
    select: parts.select,
    filters: parts.filters,
    order: parts.order,
    page: { offset: 0, limit: 1000 },
    count: false,
    head: false,
    shape: { singular: false, stripNulls: false },
    ...extra,
  })
}

const minimal = { select: null, shape: { singular: false, stripNulls: false } }

describe('SQL building', () => {
  it('binds every filter value as a parameter and never writes it into the SQL', () => {
    const query = new URLSearchParams({
      name: `eq.${HOSTILE}`,
      or: `(name.like."*${HOSTILE.replaceAll('"', '\\"')}*",price.in.(1,"2,3"))`,
    })
    const { text, values } = read(query.toString())
    expect(text).not.toContain('drop table')
    expect(text).toContain('"listings"."name" = $1')
    expect(values).toContain(HOSTILE)
    expect(values).toContain(`%${HOSTILE}%`)
    expect(values).toContainEqual(['1', '2,3'])
    expect(text).toContain('= any($')
  })

  it('quotes identifiers and reads select, order and paging from the query', () => {
    const { text, values } = read('select=id,cost:price,price::text&order=price.desc.nullslast,id&limit=5')
    expect(text).toContain('"listings"."price" as "cost"')
    expect(text).toContain('"listings"."price"::text as "price"')
    expect(text).toContain('order by "listings"."price" desc nulls last, "listings"."id"')
    expect(text).toContain("coalesce(json_agg(_postgrest_t), '[]')")
    expect(values.slice(-2)).toEqual([1000, 0])
  })

  it('binds JSON path keys as parameters', () => {
    const key = "x'; drop table listings; --"
    const { text, values } = read(`select=city:data->>${encodeURIComponent(key)}`)
    expect(text).not.toContain('drop table')
    expect(values).toContain(key)
  })

  it('writes aliases only as quoted identifiers', () => {
    expect(read("select=x'y:name").text).toContain('as "x\'y"')
  })

  it('counts the filtered relation only when asked', () => {
    expect(read('', { count: true }).text).toContain(
      '(select pg_catalog.count(*) from "public"."listings" where true)',
    )
    expect(read('').text).toContain('null::bigint as total')
  })

  it('refuses unknown columns with 42703 before any SQL exists', () => {
    expect(() => read('select=nope')).toThrow(RestError)
    expect(() => read('nope=eq.1')).toThrow(/column listings.nope does not exist/)
    expect(() => read('order=nope')).toThrow(RestError)
  })

  it('inserts with RETURNING 1 unless a representation is asked for', () => {
    const insert = buildInsert(cache, listings, {
      rows: [{ name: HOSTILE }],
      columns: ['name'],
      upsert: null,
      missingDefault: false,
      output: minimal,
    })
    expect(insert.text).toContain('returning 1')
    expect(insert.text).not.toContain('drop table')
    expect(insert.values[0]).toBe(JSON.stringify([{ name: HOSTILE }]))
    const represented = buildInsert(cache, listings, {
      rows: [{ name: 'a' }],
      columns: ['name'],
      upsert: null,
      missingDefault: false,
      output: { select: [{ kind: 'star' }], shape: { singular: false, stripNulls: false } },
    })
    expect(represented.text).toContain('returning "listings"."id", "listings"."name"')
  })

  it('upserts on the conflict target and fills defaults for missing keys with missing=default', () => {
    const upsert = buildInsert(cache, listings, {
      rows: [{ id: 'a', name: 'b' }],
      columns: ['id', 'name'],
      upsert: { onConflict: ['id'], resolution: 'merge-duplicates' },
      missingDefault: true,
      output: minimal,
    })
    expect(upsert.text).toContain(
      'on conflict ("id") do update set "id" = excluded."id", "name" = excluded."name"',
    )
    expect(upsert.text).toContain('jsonb_build_object($2::text, gen_random_uuid()) || pgrst_body.doc::jsonb')
    const ignore = buildInsert(cache, listings, {
      rows: [],
      columns: ['name'],
      upsert: { onConflict: ['id'], resolution: 'ignore-duplicates' },
      missingDefault: false,
      output: minimal,
    })
    expect(ignore.text).toContain('on conflict ("id") do nothing')
  })

  it('refuses unknown payload columns with PGRST204', () => {
    const attempt = () =>
      buildInsert(cache, listings, {
        rows: [{ colour: 1 }],
        columns: ['colour'],
        upsert: null,
        missingDefault: false,
        output: minimal,
      })
    expect(attempt).toThrow("Could not find the 'colour' column of 'listings' in the schema cache")
  })

  it('refuses UPDATE and DELETE without filters (21000)', () => {
    expect(() =>
      buildUpdate(cache, listings, { values: { name: 'x' }, filters: [], output: minimal }),
    ).toThrow('UPDATE requires a WHERE clause')
    expect(() => buildDelete(cache, listings, { filters: [], output: minimal })).toThrow(
      'DELETE requires a WHERE clause',
    )
  })

  it('turns an update with an empty body into a read of the matching rows', () => {
    const noop = buildUpdate(cache, listings, { values: {}, filters: [], output: minimal })
    expect(noop.text).toContain('with pgrst_mutation as (select 1 from "public"."listings" where true)')
  })

  it('updates from the bound JSON body', () => {
    const filters = parseQuery([['id', 'eq.1']]).filters
    const update = buildUpdate(cache, listings, { values: { name: HOSTILE }, filters, output: minimal })
    expect(update.text).toContain('set "name" = pgrst_row."name"')
    expect(update.text).not.toContain('drop table')
  })

  it('calls a function with named, typed parameters', () => {
    const fn: FunctionInfo = {
      name: 'search',
      params: [
        { name: 'q', type: 'text', hasDefault: false },
        { name: 'max_price', type: 'integer', hasDefault: true },
      ],
      returnType: 'integer',
      returnsSet: false,
      returnKind: 'scalar',
      volatility: 'stable',
      columns: new Map(),
    }
    const query: ReadQuery = {
      select: [{ kind: 'star' }],
      filters: [],
      order: [],
      page: { offset: 0, limit: 1000 },
      count: false,
      head: false,
      shape: { singular: false, stripNulls: false },
    }
    const call = buildRpc(cache, { fn, args: { q: HOSTILE }, bodyParam: false, query })
    expect(call.text).toContain('"public"."search"("q" := $1::text)')
    expect(call.values[0]).toBe(HOSTILE)
  })
})
