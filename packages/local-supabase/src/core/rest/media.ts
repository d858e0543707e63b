import { unacceptableMedia } from './errors'
import type { BodyShape } from './sql-text'

const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal'])

/** `application/vnd.pgrst.plan[+json|+text]; for="…"; options=a|b`: EXPLAIN's output instead of rows. */
function planShape(subtype: string, parameters: string[]): BodyShape | null {
  const match = /^vnd\.pgrst\.plan(?:\+(json|text))?$/.exec(subtype)
  if (!match) return null
  const options = (parameters.find((p) => p.startsWith('options='))?.slice('options='.length) ?? '')
    .split('|')
    .filter((option) => PLAN_OPTIONS.has(option))
  const target =
    parameters
      .find((p) => p.startsWith('for='))
      ?.slice(4)
      .replace(/^"|"$/g, '') ?? ''
  return {
    singular: target === 'application/vnd.pgrst.object+json',
    stripNulls: false,
    plan: { format: match[1] === 'json' ? 'json' : 'text', options },
  }
}

/**
 * What the `Accept` header asks for, first acceptable range first: a JSON array (default), a single
 * object (`application/vnd.pgrst.object+json`), `nulls=stripped`, `text/csv`, `application/geo+json`,
 * or, where `plans` are enabled, the query plan. Others → PGRST107.
 */
export function parseAccept(header: string | null | undefined, plans = false): BodyShape {
  if (!header?.trim()) return { singular: false, stripNulls: false }
  for (const range of header.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase())
    const stripNulls = parameters.includes('nulls=stripped')
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { singular: true, stripNulls }
    }
    if (['application/json', 'application/vnd.pgrst.array+json', '*/*', 'application/*'].includes(type)) {
      return { singular: false, stripNulls }
    }
    if (type === 'text/csv') return { singular: false, stripNulls: false, format: 'csv' }
    if (type === 'application/geo+json') return { singular: false, stripNulls: false, format: 'geojson' }
    const plan = type.startsWith('application/')
      ? planShape(type.slice('application/'.length), parameters)
      : null
    if (plan && plans) return plan
  }
  throw unacceptableMedia(header)
}
