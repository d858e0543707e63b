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

  it('recognises embedded resources so they can be refused', () => {
    expect(parseSelect('*, owner:profiles(name)')[1]).toEqual({ kind: 'embed', relation: 'profiles' })
    expect(parseSelect('listings!inner(id)')[0]).toEqual({ kind: 'embed', relation: 'listings' })
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
