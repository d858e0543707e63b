import { parseError } from './errors'
import { type Field, parseField } from './field'
import { splitTopLevel, unquote } from './split'

export const COMPARE_OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const
export type CompareOperator = keyof typeof COMPARE_OPERATORS

const QUANTIFIABLE = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']

export const FTS_FUNCTIONS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const
export type FtsOperator = keyof typeof FTS_FUNCTIONS

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { type: 'compare'; op: CompareOperator; value: string }
  | { type: 'quantified'; op: CompareOperator; quantifier: 'any' | 'all'; value: string }
  | { type: 'in'; values: string[] }
  | { type: 'is'; value: IsValue }
  | { type: 'fts'; op: FtsOperator; config: string | null; value: string }

export type Condition = { kind: 'condition'; field: Field; negated: boolean; operation: Operation }
export type LogicTree = { kind: 'logic'; op: 'and' | 'or'; negated: boolean; children: Filter[] }
export type Filter = Condition | LogicTree

const likeValue = (op: string, value: string) =>
  op === 'like' || op === 'ilike' ? value.replaceAll('*', '%') : value

/** Parses `[not.]op[(modifier)].value`; `inLogic` unquotes the value as `or=(…)` items allow. */
export function parseOperation(source: string, inLogic: boolean): { negated: boolean; operation: Operation } {
  const negated = source.startsWith('not.')
  const rest = negated ? source.slice(4) : source
  const dot = rest.indexOf('.')
  if (dot < 0) throw parseError('filter', source, 'expecting an operator followed by "."')
  const head = rest.slice(0, dot)
  const rawValue = rest.slice(dot + 1)
  const value = inLogic ? unquote(rawValue) : rawValue
  const match = /^([a-z]+)(?:\(([a-z_]+)\))?$/.exec(head)
  const op = match?.[1] ?? ''
  const modifier = match?.[2]
  if (op === 'in' && !modifier)
    return { negated, operation: { type: 'in', values: parseList(rawValue, source) } }
  if (op === 'is' && !modifier) {
    const is = rawValue.toLowerCase()
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(is)) {
      throw parseError('filter', source, 'expecting null, not_null, true, false or unknown')
    }
    return { negated, operation: { type: 'is', value: is as IsValue } }
  }
  if (op in FTS_FUNCTIONS) {
    const config = modifier ?? null
    return { negated, operation: { type: 'fts', op: op as FtsOperator, config, value } }
  }
  if (op in COMPARE_OPERATORS) {
    const compare = op as CompareOperator
    if (!modifier)
      return { negated, operation: { type: 'compare', op: compare, value: likeValue(op, value) } }
    if ((modifier === 'any' || modifier === 'all') && QUANTIFIABLE.includes(op) && /^\{.*\}$/s.test(value)) {
      return {
        negated,
        operation: { type: 'quantified', op: compare, quantifier: modifier, value: likeValue(op, value) },
      }
    }
  }
  throw parseError('filter', source, `unknown operator "${head}"`)
}

/** `(a,"b,c",d)` → ['a', 'b,c', 'd']; `()` → []. */
function parseList(raw: string, source: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError('filter', source, 'expecting "(" and ")"')
  const inner = raw.slice(1, -1)
  if (inner === '') return []
  try {
    return splitTopLevel(inner).map(unquote)
  } catch {
    throw parseError('filter', source, 'unbalanced quotes')
  }
}

/** A query-string filter `<field>=<[not.]op.value>`. */
export function parseFilter(key: string, value: string): Condition {
  let field: Field
  try {
    field = parseField(key)
  } catch {
    throw parseError('filter', `${key}=${value}`, 'bad column name')
  }
  return { kind: 'condition', field, ...parseOperation(value, false) }
}

/** A query-string `or=(…)`, `and=(…)`, `not.or=(…)` or `not.and=(…)`. */
export function parseLogic(key: string, value: string): LogicTree {
  const negated = key.startsWith('not.')
  const op = (negated ? key.slice(4) : key) as 'and' | 'or'
  return parseLogicBody(op, negated, value, `${key}=${value}`)
}

function parseLogicBody(op: 'and' | 'or', negated: boolean, body: string, source: string): LogicTree {
  if (!body.startsWith('(') || !body.endsWith(')') || body.length < 3) {
    throw parseError('logic tree', source, 'expecting "(" followed by conditions and ")"')
  }
  let items: string[]
  try {
    items = splitTopLevel(body.slice(1, -1))
  } catch {
    throw parseError('logic tree', source, 'unbalanced quotes or parentheses')
  }
  return { kind: 'logic', op, negated, children: items.map((item) => parseLogicItem(item, source)) }
}

function parseLogicItem(item: string, source: string): Filter {
  const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item)
  if (nested)
    return parseLogicBody(nested[2] as 'and' | 'or', Boolean(nested[1]), nested[3] as string, source)
  const dot = item.indexOf('.')
  if (dot <= 0) throw parseError('logic tree', source, `expecting a condition, got "${item}"`)
  let field: Field
  try {
    field = parseField(item.slice(0, dot))
  } catch {
    throw parseError('logic tree', source, 'bad column name')
  }
  return { kind: 'condition', field, ...parseOperation(item.slice(dot + 1), true) }
}
