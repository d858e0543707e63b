import { describe, expect, it } from 'vitest'
import { RestError } from './errors'
import { parseOrder } from './order'
import { parseSelect } from './select'

describe('select grammar', () => {
  it('parses *, columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('*,id,cost:price,price::text,city:data->a->>city,data->>zip')).toEqual([
      { kind: 'star' },
      { kind: 'field', field: { column: 'id', path: [] }, alias: 'id', cast: null },
      { kind: 'field', field: { column: 'price', path: [] }, alias: 'cost', cast: null },
      { kind: 'field', field: { column: 'price', path: [] }, alias: 'price', cast: 'text' },
      {
        kind: 'field',
        field: {
          column: 'data',
          path: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'city' },
          ],
        },
        alias: 'city',
        cast: null,
      },
      {
        kind: 'field',
        field: { column: 'data', path: [{ arrow: '->>', key: 'zip' }] },
        alias: 'zip',
        cast: null,
      },
    ])
  })

  it('defaults an empty select to *', () => {
    expect(parseSelect(null)).toEqual([{ kind: 'star' }])
  })

  it('parses embedded resources with aliases, hints, join types and spreads', () => {
    const field = (column: string) => ({
      kind: 'field',
      field: { column, path: [] },
      alias: column,
      cast: null,
    })
    expect(parseSelect('*, owner:profiles(name)')[1]).toEqual({
      kind: 'embed',
      embed: {
        name: 'profiles',
        alias: 'owner',
        hint: null,
        join: null,
        spread: false,
        select: [field('name')],
      },
    })
    expect(parseSelect('listings!listings_owner_fkey!inner(id)')[0]).toEqual({
      kind: 'embed',
      embed: {
        name: 'listings',
        alias: null,
        hint: 'listings_owner_fkey',
        join: 'inner',
        spread: false,
        select: [field('id')],
      },
    })
    expect(parseSelect('...listings(name,owner:profiles!left())')[0]).toMatchObject({
      kind: 'embed',
      embed: {
        spread: true,
        select: [field('name'), { kind: 'embed', embed: { alias: 'owner', join: 'left', select: [] } }],
      },
    })
  })

  it('parses aggregates with aliases and casts', () => {
    expect(parseSelect('count(),total:price.sum()::text,price.avg()')).toEqual([
      { kind: 'count', alias: 'count', cast: null },
      { kind: 'field', field: { column: 'price', path: [] }, alias: 'total', cast: 'text', aggregate: 'sum' },
      { kind: 'field', field: { column: 'price', path: [] }, alias: 'avg', cast: null, aggregate: 'avg' },
    ])
  })

  it.each(['a,,b', 'a::text;drop', 'a(', 'a::int::text'])('refuses %s with PGRST100', (source) => {
    expect(() => parseSelect(source)).toThrow(RestError)
  })
})

describe('order grammar', () => {
  it('parses several keys with direction and null placement', () => {
    expect(parseOrder('created_at.desc.nullslast,id')).toEqual([
      { field: { column: 'created_at', path: [] }, direction: 'desc', nulls: 'last' },
      { field: { column: 'id', path: [] }, direction: null, nulls: null },
    ])
    expect(parseOrder('a.nullsfirst')[0]).toMatchObject({ direction: null, nulls: 'first' })
  })

  it.each(['a.up', 'a.desc.asc', 'a.nullsfirst.desc'])('refuses %s with PGRST100', (source) => {
    expect(() => parseOrder(source)).toThrow(RestError)
  })
})
