import { describe, expect, it } from 'vitest'
import { RestError } from './errors'
import { parseFilter, parseLogic } from './filter'

describe('filter grammar', () => {
  it('parses a plain operator and keeps commas in single values', () => {
    expect(parseFilter('title', 'eq.a,b')).toEqual({
      kind: 'condition',
      field: { column: 'title', path: [] },
      negated: false,
      operation: { type: 'compare', op: 'eq', value: 'a,b' },
    })
  })

  it('turns * into % for like and ilike only', () => {
    expect(parseFilter('t', 'ilike.*oslo*').operation).toEqual({
      type: 'compare',
      op: 'ilike',
      value: '%oslo%',
    })
    expect(parseFilter('t', 'eq.*').operation).toEqual({ type: 'compare', op: 'eq', value: '*' })
  })

  it('parses in lists with quoted values and escapes, and the empty list', () => {
    expect(parseFilter('s', 'in.(a,"A,B","x(y)","say \\"hi\\"")').operation).toEqual({
      type: 'in',
      values: ['a', 'A,B', 'x(y)', 'say "hi"'],
    })
    expect(parseFilter('s', 'in.()').operation).toEqual({ type: 'in', values: [] })
  })

  it('reads is values case-insensitively and the not. prefix', () => {
    expect(parseFilter('n', 'not.is.NULL')).toMatchObject({
      negated: true,
      operation: { type: 'is', value: 'null' },
    })
  })

  it('parses quantified operators and full-text search with a config', () => {
    expect(parseFilter('n', 'like(any).{a*,b*}').operation).toEqual({
      type: 'quantified',
      op: 'like',
      quantifier: 'any',
      value: '{a%,b%}',
    })
    expect(parseFilter('d', 'fts(english).cat').operation).toEqual({
      type: 'fts',
      op: 'fts',
      config: 'english',
      value: 'cat',
    })
  })

  it('parses JSON paths in the column', () => {
    expect(parseFilter('data->address->>city', 'eq.Oslo').field).toEqual({
      column: 'data',
      path: [
        { arrow: '->', key: 'address' },
        { arrow: '->>', key: 'city' },
      ],
    })
  })

  it.each(['eqq.1', 'eq', 'in.1,2', 'is.maybe', 'eq(some).{1}'])('refuses %s with PGRST100', (value) => {
    const error = (() => {
      try {
        parseFilter('c', value)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(RestError)
    expect((error as RestError).body.code).toBe('PGRST100')
    expect((error as RestError).status).toBe(400)
  })

  it('parses nested logic trees with quoted values', () => {
    const tree = parseLogic('or', '(a.eq."x,y",not.and(b.gt.1,c.in.(1,2)),d.not.is.null)')
    expect(tree).toEqual({
      kind: 'logic',
      op: 'or',
      negated: false,
      children: [
        {
          kind: 'condition',
          field: { column: 'a', path: [] },
          negated: false,
          operation: { type: 'compare', op: 'eq', value: 'x,y' },
        },
        {
          kind: 'logic',
          op: 'and',
          negated: true,
          children: [
            {
              kind: 'condition',
              field: { column: 'b', path: [] },
              negated: false,
              operation: { type: 'compare', op: 'gt', value: '1' },
            },
            {
              kind: 'condition',
              field: { column: 'c', path: [] },
              negated: false,
              operation: { type: 'in', values: ['1', '2'] },
            },
          ],
        },
        {
          kind: 'condition',
          field: { column: 'd', path: [] },
          negated: true,
          operation: { type: 'is', value: 'null' },
        },
      ],
    })
    expect(parseLogic('not.and', '(a.eq.1)').negated).toBe(true)
  })

  it.each(['(a.eq.1', 'a.eq.1', '()', '(a)', '(a.eq."1)'])(
    'refuses the logic tree %s with PGRST100',
    (value) => {
      expect(() => parseLogic('or', value)).toThrow(RestError)
    },
  )
})
