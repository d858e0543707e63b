import { describe, expect, it } from 'vitest'
import { statementsMigraMisses, viewOptionStatements, viewsReplacedInPlace } from './schema-statements'

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

describe('viewsReplacedInPlace', () => {
  const migra = [
    'drop view if exists "public"."listing_reports_review";',
    'drop view if exists "public"."market_listings";',
    'drop view if exists "public"."gone";',
    'set check_function_bodies = off;\n',
    'create or replace view "public"."listing_reports_review" as  SELECT l.id\n   FROM market_listings l;',
    'create or replace view "public"."market_listings" as  SELECT id,\n    name\n   FROM listings l;',
    'CREATE OR REPLACE FUNCTION public.f()\n RETURNS integer\nAS $function$\nbegin\n\n  return 1;\nend;\n$function$\n;',
  ].join('\n\n')

  it('replaces a changed view in place, so what returns its rows still stands', () => {
    const sql = viewsReplacedInPlace(migra, new Set(['public.market_listings']))
    expect(sql).not.toContain('drop view if exists "public"."market_listings"')
    expect(sql).toContain('create or replace view "public"."market_listings" as')
  })

  it('leaves a view that does not change alone', () => {
    const sql = viewsReplacedInPlace(migra, new Set(['public.market_listings']))
    expect(sql).not.toContain('"public"."listing_reports_review"')
  })

  it('still drops a view that goes, and keeps every other statement as it was (blank lines in bodies too)', () => {
    const sql = viewsReplacedInPlace(migra, new Set())
    expect(sql).toContain('drop view if exists "public"."gone";')
    expect(sql).toContain('set check_function_bodies = off;')
    expect(sql).toContain('begin\n\n  return 1;\nend;')
  })
})
