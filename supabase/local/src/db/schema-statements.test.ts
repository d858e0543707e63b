import { describe, expect, it } from 'vitest'
import { statementsMigraMisses, viewOptionStatements } from './schema-statements'

const target = new Map([
  ['table public.listings', ''],
  ['column public.listings.name', ''],
  ['function public.count_listings(words text)', ''],
])

describe('statementsMigraMisses', () => {
  it("sets a function's grants to the declared ones, taking the API roles' default grants back first", () => {
    expect(
      statementsMigraMisses(
        [
          {
            object: 'grants on function public.count_listings(words text)',
            kind: 'differs',
            first: 'postgres=X/postgres',
            second: 'anon=X/postgres authenticated=X/postgres postgres=X/postgres',
          },
        ],
        target,
      ),
    ).toEqual([
      'revoke all on function public.count_listings(words text) from public, anon, authenticated, service_role;',
      'grant execute on function public.count_listings(words text) to anon;',
      'grant execute on function public.count_listings(words text) to authenticated;',
    ])
  })

  it('writes, changes and removes comments', () => {
    expect(
      statementsMigraMisses(
        [
          {
            object: 'comment on column public.listings.name',
            kind: 'only-in-second',
            second: "The home's name",
          },
          { object: 'comment on table public.listings', kind: 'only-in-first', first: 'old' },
        ],
        target,
      ),
    ).toEqual([
      "comment on column public.listings.name is 'The home''s name';",
      'comment on table public.listings is null;',
    ])
  })

  it('lets the comment of a dropped object go with it', () => {
    expect(
      statementsMigraMisses(
        [{ object: 'comment on column public.profiles.gone', kind: 'only-in-first', first: 'x' }],
        target,
      ),
    ).toEqual([])
  })

  it("sets a relation's and a column's grants again, when asked (after migra recreated a view)", () => {
    expect(
      statementsMigraMisses(
        [
          {
            object: 'grants on public.listings',
            kind: 'only-in-second',
            second: 'anon=r/postgres service_role=arwd/postgres',
          },
          {
            object: 'grants on column public.listings.name',
            kind: 'only-in-second',
            second: 'authenticated=w/postgres',
          },
        ],
        target,
        { relationGrants: true },
      ),
    ).toEqual([
      'revoke all on table public.listings from public, anon, authenticated, service_role;',
      'grant select on table public.listings to anon;',
      'grant insert, select, update, delete on table public.listings to service_role;',
      'revoke all (name) on table public.listings from public, anon, authenticated, service_role;',
      'grant update (name) on table public.listings to authenticated;',
    ])
  })

  it('leaves the kinds migra writes to migra', () => {
    expect(
      statementsMigraMisses(
        [{ object: 'index public.listings_newest_idx', kind: 'only-in-second', second: 'x' }],
        target,
      ),
    ).toEqual([])
  })
})

describe('viewOptionStatements', () => {
  it('sets again the options of a view migra recreated without them', () => {
    expect(
      viewOptionStatements([
        {
          object: 'view public.listing_reports_review',
          kind: 'differs',
          first: 'row level security false\nowner postgres\nselect 1',
          second: 'row level security false\noptions security_invoker=true\nowner postgres\nselect 1',
        },
      ]),
    ).toEqual(['alter view public.listing_reports_review set (security_invoker=true);'])
  })

  it('leaves a view whose query differs to migra', () => {
    expect(
      viewOptionStatements([
        {
          object: 'view public.v',
          kind: 'differs',
          first: 'select 1',
          second: 'options security_invoker=true\nselect 2',
        },
      ]),
    ).toEqual([])
  })
})
