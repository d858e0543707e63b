import { parseError } from './errors'
import { type Field, parseField } from './field'
import { splitTopLevel } from './split'

export type OrderTerm = {
  field: Field
  direction: 'asc' | 'desc' | null
  nulls: 'first' | 'last' | null
  /** A related order (`clients(name)`): the to-one embed, by its alias or name, whose field orders the rows. */
  relation?: string
}

/** Parses `order=a.desc.nullslast,b` and related orders `clients(name).desc`. */
export function parseOrder(source: string): OrderTerm[] {
  let terms: string[]
  try {
    terms = splitTopLevel(source)
  } catch {
    throw parseError('order', source)
  }
  return terms.map((term) => {
    const [termText = '', ...modifiers] = term.split('.')
    const related = /^([^()]+)\(([^()]+)\)$/.exec(termText)
    const fieldText = related ? (related[2] as string) : termText
    let field: Field
    try {
      field = parseField(fieldText)
      if (related && /[(),:!]/.test(related[1] as string)) throw new SyntaxError('bad relation')
    } catch {
      throw parseError('order', source, `bad column "${termText}"`)
    }
    const order: OrderTerm = { field, direction: null, nulls: null }
    if (related) order.relation = (related[1] as string).trim()
    for (const modifier of modifiers) {
      if ((modifier === 'asc' || modifier === 'desc') && !order.direction && !order.nulls)
        order.direction = modifier
      else if ((modifier === 'nullsfirst' || modifier === 'nullslast') && !order.nulls) {
        order.nulls = modifier === 'nullsfirst' ? 'first' : 'last'
      } else
        throw parseError(
          'order',
          source,
          `unexpected "${modifier}" expecting asc, desc, nullsfirst or nullslast`,
        )
    }
    return order
  })
}
