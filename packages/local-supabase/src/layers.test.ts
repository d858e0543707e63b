import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The stack's layering, held by a test: Auth's SQL lives in its store (core/auth/store), not in the HTTP
// handlers, and only the config module reads the environment.

const SRC = import.meta.dirname

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(file)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : []
  })
}

const relative = (file: string) => path.relative(SRC, file)

/** SQL a statement starts with, in a string or template literal. */
const SQL = /[`'"]\s*(select|insert\s+into|update\s+\w+\.\w+\s+set|delete\s+from|with\s+\w+\s+as)\b/i

describe('the local stack keeps to its layers', () => {
  it('Auth’s HTTP handlers send no SQL: they call its store', () => {
    const withSql = sourceFiles(path.join(SRC, 'http', 'auth')).filter((file) =>
      SQL.test(fs.readFileSync(file, 'utf8')),
    )
    expect(withSql.map(relative)).toEqual([])
  })

  it('only config.ts reads process.env', () => {
    const readers = sourceFiles(SRC).filter((file) => /\bprocess\.env\b/.test(fs.readFileSync(file, 'utf8')))
    expect(readers.map(relative)).toEqual(['config.ts'])
  })
})
