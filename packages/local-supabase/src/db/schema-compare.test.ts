import { describe, expect, it } from 'vitest'
import { compareSnapshots, describeDifferences } from './schema-compare'

const migrations = new Map([
  ['table public.listings', 'rls'],
  ['function public.count_listings(words text)', 'begin\n  return 1;\nend'],
  ['index public.listings_newest_idx', 'create index …'],
])

describe('compareSnapshots', () => {
  it('finds nothing when both agree', () => {
    expect(compareSnapshots(migrations, new Map(migrations))).toEqual([])
  })

  it('names a function edited in one place only, and the line that differs', () => {
    const schemas = new Map(migrations)
    schemas.set('function public.count_listings(words text)', 'begin\n  return 2;\nend')
    const differences = compareSnapshots(migrations, schemas)
    expect(differences.map((d) => d.object)).toEqual(['function public.count_listings(words text)'])
    expect(describeDifferences(differences, { first: 'migrations', second: 'schemas' })).toBe(
      'function public.count_listings(words text): differs at its line 2\n' +
        '  migrations:    return 1;\n' +
        '  schemas:   return 2;',
    )
  })

  it('names objects present on one side only', () => {
    const schemas = new Map(migrations)
    schemas.delete('index public.listings_newest_idx')
    schemas.set('policy "x" on public.listings', 'select')
    const text = describeDifferences(compareSnapshots(migrations, schemas), {
      first: 'migrations',
      second: 'schemas',
    })
    expect(text).toBe(
      'index public.listings_newest_idx: only in migrations\npolicy "x" on public.listings: only in schemas',
    )
  })
})
