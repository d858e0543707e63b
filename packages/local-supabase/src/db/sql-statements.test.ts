import { describe, expect, it } from 'vitest'
import { lineAt, runsOutsideTransaction, splitStatements } from './sql-statements'

describe('splitStatements', () => {
  it('splits at the semicolons that end statements, with the line each starts on', () => {
    const text = 'create table a (x int);\n\n-- b\ncreate table b (y int);\n'
    expect(splitStatements(text)).toEqual([
      { sql: 'create table a (x int)', line: 1, offset: 0 },
      { sql: '-- b\ncreate table b (y int)', line: 3, offset: 25 },
    ])
  })

  it('keeps semicolons inside quotes, quoted names, comments and dollar-quoted bodies', () => {
    const text = [
      "select 'a;b', \"c;d\", E'it\\'s;';",
      '/* one; /* nested; */ two; */ select 1;',
      'create function f() returns int language plpgsql as $body$ begin return 1; end; $body$;',
      'select $$x;y$$;',
    ].join('\n')
    expect(splitStatements(text).map((s) => s.line)).toEqual([1, 2, 3, 4])
    expect(splitStatements(text)[2]?.sql).toContain('end; $body$')
  })

  it('keeps the statements of a SQL-standard body together, case expressions included', () => {
    const text = [
      'create function f(x int) returns int language sql',
      'begin atomic',
      '  select case when x > 0 then 1 else 0 end;',
      '  select 2;',
      'end;',
      'select 3;',
    ].join('\n')
    expect(splitStatements(text).map((s) => s.line)).toEqual([1, 6])
  })

  it('drops what holds only comments', () => {
    expect(splitStatements('-- nothing here;\n/* nor here */\n')).toEqual([])
  })
})

describe('lineAt', () => {
  it('counts lines from 1', () => {
    expect(lineAt('a\nb\nc', 0)).toBe(1)
    expect(lineAt('a\nb\nc', 2)).toBe(2)
    expect(lineAt('a\nb\nc', 4)).toBe(3)
  })
})

describe('runsOutsideTransaction', () => {
  it('holds for a migration of concurrent index builds only', () => {
    expect(
      runsOutsideTransaction(
        '-- Built without blocking writes.\ncreate index concurrently if not exists a_idx on public.a (x);\n',
      ),
    ).toBe(true)
  })

  it('does not for anything else beside them', () => {
    expect(
      runsOutsideTransaction('create index concurrently a_idx on a (x);\nalter table a add column y int;'),
    ).toBe(false)
    expect(runsOutsideTransaction('create index a_idx on a (x);')).toBe(false)
    expect(runsOutsideTransaction('-- nothing')).toBe(false)
  })
})
