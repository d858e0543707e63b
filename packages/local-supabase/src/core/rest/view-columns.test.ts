import { describe, expect, it } from 'vitest'
import { parseOrder } from './order'
import { viewColumnSources } from './view-columns'

// A view's `_RETURN` rule as Postgres prints it (abridged): a subquery in FROM with a target list of its
// own, then the view's target list with a plain column, a scalar subquery and an escaped name.
const ACTION =
  '({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <> :resultRelation 0 ' +
  ':rtable ({RANGETBLENTRY :alias {ALIAS :aliasname s :colnames <>} :rtekind 1 :subquery {QUERY ' +
  ':commandType 1 :targetList ({TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 1 :resname hidden ' +
  ':ressortgroupref 0 :resorigtbl 16900 :resorigcol 1 :resjunk false})}}) ' +
  ':jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>} ' +
  ':targetList (' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 1 :vartype 23} :resno 1 :resname task_id ' +
  ':ressortgroupref 0 :resorigtbl 16400 :resorigcol 1 :resjunk false} ' +
  '{TARGETENTRY :expr {SUBLINK :subLinkType 4 :subselect {QUERY :commandType 1 :targetList (' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 2} :resno 1 :resname inner ' +
  ':ressortgroupref 0 :resorigtbl 16500 :resorigcol 2 :resjunk false})}} :resno 2 :resname total ' +
  ':ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} ' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 2 :vartype 25} :resno 3 :resname my\\ title ' +
  ':ressortgroupref 0 :resorigtbl 16400 :resorigcol 2 :resjunk false}' +
  ') :override 0 :onConflict <> :returningList <>})'

describe("a view's column sources, as PostgREST reads them for relationships through views", () => {
  it('takes the top-level target list: plain columns with their table and column, not computed ones', () => {
    expect(viewColumnSources(ACTION)).toEqual([
      { column: 'task_id', relationOid: 16400, attnum: 1 },
      { column: 'my title', relationOid: 16400, attnum: 2 },
    ])
  })

  it('finds nothing in a rule without a query', () => {
    expect(viewColumnSources('<>')).toEqual([])
  })
})

describe('related orders', () => {
  it('parse as the embed and its field, beside ordinary terms', () => {
    expect(parseOrder('client(name).desc.nullslast,id')).toEqual([
      { field: { column: 'name', path: [] }, direction: 'desc', nulls: 'last', relation: 'client' },
      { field: { column: 'id', path: [] }, direction: null, nulls: null },
    ])
  })

  it('refuse a malformed relation with PGRST100', () => {
    expect(() => parseOrder('a!b(name)')).toThrow(expect.objectContaining({ status: 400 }))
  })
})
