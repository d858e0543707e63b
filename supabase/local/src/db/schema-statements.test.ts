import { describe, expect, it } from 'vitest'
import { statementsMigraMisses } from './schema-statements'

describe('statementsMigraMisses', () => {
  it("sets a function's grants to the declared ones, taking the API roles' default grants back first", () => {
    expect(
      statementsMigraMisses([
        {
          object: 'grants on function public.count_listings(words text)',
          kind: 'differs',
          first: 'postgres=X/postgres',
          second: 'anon=X/postgres authenticated=X/postgres postgres=X/postgres',
        },
      ]),
    ).toEqual([
      'revoke all on function public.count_listings(words text) from public, anon, authenticated, service_role;',
      'grant execute on function public.count_listings(words text) to anon;',
      'grant execute on function public.count_listings(words text) to authenticated;',
    ])
  })

  it('writes, changes and removes comments', () => {
    expect(
      statementsMigraMisses([
        {
          object: 'comment on column public.listings.name',
          kind: 'only-in-second',
          second: "The home's name",
        },
        { object: 'comment on table public.listings', kind: 'only-in-first', first: 'old' },
      ]),
    ).toEqual([
      "comment on column public.listings.name is 'The home''s name';",
      'comment on table public.listings is null;',
    ])
  })

  it('leaves the kinds migra writes to migra', () => {
    expect(
      statementsMigraMisses([
        { object: 'index public.listings_newest_idx', kind: 'only-in-second', second: 'x' },
      ]),
    ).toEqual([])
  })
})
