import { describe, expect, it } from 'vitest'
import { dataDrops } from './migration-drops'

describe('dataDrops', () => {
  it('finds a dropped table and a dropped column, as migra writes them', () => {
    const sql = [
      'drop policy "x" on "public"."listings";',
      '',
      'alter table "public"."listings" drop column "description";',
      '',
      'drop table "public"."saved_listings";',
    ].join('\n')
    expect(dataDrops(sql)).toEqual([
      { table: 'public.listings', column: 'description', line: 3 },
      { table: 'public.saved_listings', line: 5 },
    ])
  })

  it('finds drops written by hand too', () => {
    expect(
      dataDrops('DROP TABLE IF EXISTS a, public.b;\nalter table only t drop x, drop column if exists y;'),
    ).toEqual([
      { table: 'a', line: 1 },
      { table: 'public.b', line: 1 },
      { table: 't', column: 'x', line: 2 },
      { table: 't', column: 'y', line: 2 },
    ])
  })

  it('lets through what keeps the data', () => {
    const sql = [
      'alter table "public"."listings" drop constraint "listings_name_length";',
      'alter table "public"."listings" alter column "name" drop default;',
      'alter table "public"."listings" alter column "name" drop not null;',
      'drop index if exists "public"."listings_newest_idx";',
      'drop view "public"."market_listings";',
      'drop function public.count_listings(text);',
      "select 'drop table x';",
    ].join('\n')
    expect(dataDrops(sql)).toEqual([])
  })
})
