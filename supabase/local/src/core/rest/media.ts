import { unacceptableMedia } from './errors'
import type { BodyShape } from './sql-text'

/**
 * What the `Accept` header asks for: a JSON array (default), or a single object
 * (`application/vnd.pgrst.object+json`); `nulls=stripped` drops null fields. Others → PGRST107.
 */
export function parseAccept(header: string | null | undefined): BodyShape {
  if (!header?.trim()) return { singular: false, stripNulls: false }
  for (const range of header.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase())
    const stripNulls = parameters.includes('nulls=stripped')
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { singular: true, stripNulls }
    }
    if (['application/json', 'application/vnd.pgrst.array+json', '*/*', 'application/*'].includes(type)) {
      return { singular: false, stripNulls }
    }
  }
  throw unacceptableMedia(header)
}
