import { describe, expect, it } from 'vitest'
import { withLiterals } from './database'

describe('a read written out with its values as literals (one round trip)', () => {
  it('writes each $n as its value, quoted, and null as null', () => {
    const statement = {
      text: 'select * from t where a = $1 and b > $2 and c is not distinct from $3 limit $4',
      values: ["O'Brien", 2.5, null, 11],
    }
    expect(withLiterals(statement)).toBe(
      "select * from t where a = 'O''Brien' and b > '2.5' and c is not distinct from null limit '11'",
    )
  })

  it('quotes a backslash as the driver does, and tells $1 from $10', () => {
    const values = Array.from({ length: 10 }, (_, i) => `v${i + 1}`)
    values[0] = 'a\\b'
    // The driver's E'…' comes with a space before it.
    expect(withLiterals({ text: 'select $1, $10', values })).toBe("select  E'a\\\\b', 'v10'")
  })

  it('leaves $n alone inside quoted names and literals, and inside an unquoted name', () => {
    const statement = {
      text: `select "a$1""b", 'it''s $1', x$1, $1 from "t$2"`,
      values: ['one', 'two'],
    }
    expect(withLiterals(statement)).toBe(`select "a$1""b", 'it''s $1', x$1, 'one' from "t$2"`)
  })

  it('leaves a statement with other kinds of value (arrays, objects, dates) to the driver', () => {
    expect(withLiterals({ text: 'select $1', values: [['a', 'b']] })).toBeUndefined()
    expect(withLiterals({ text: 'select $1', values: [{ a: 1 }] })).toBeUndefined()
    expect(withLiterals({ text: 'select $1', values: [new Date(0)] })).toBeUndefined()
    expect(withLiterals({ text: 'select $1', values: [true] })).toBe("select 'true'")
  })
})
