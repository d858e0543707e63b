import { describe, expect, it } from 'vitest'
import { migrationSlug, nextMigrationVersion, versionOf } from './migration-version'

describe('nextMigrationVersion', () => {
  it('takes the clock, in UTC, to the second', () => {
    expect(versionOf(new Date('2026-11-28T12:34:56.789Z'))).toBe('20261128123456')
    expect(nextMigrationVersion(new Date('2026-12-01T09:00:00Z'), ['20261128000000'])).toBe('20261201090000')
  })

  it('never sorts before the newest migration: a clock behind it gives the newest plus one second', () => {
    const existing = ['20261128000000', '20261130235959']
    expect(nextMigrationVersion(new Date('2026-11-28T12:00:00Z'), existing)).toBe('20261201000000')
    expect(nextMigrationVersion(new Date('2026-11-30T23:59:59Z'), existing)).toBe('20261201000000')
  })

  it('starts from the clock when there is no migration yet', () => {
    expect(nextMigrationVersion(new Date('2026-11-28T00:00:01Z'), [])).toBe('20261128000001')
  })
})

describe('migrationSlug', () => {
  it('accepts lower-case words joined by hyphens', () => {
    expect(migrationSlug('saved-search-labels')).toBe('saved-search-labels')
  })

  it('refuses a missing name, spaces, capitals, underscores and path pieces', () => {
    for (const bad of [undefined, '', 'Saved', 'a b', 'a_b', '../x', '-a', 'a-']) {
      expect(() => migrationSlug(bad)).toThrow(/lower-case words joined by hyphens/)
    }
  })
})
