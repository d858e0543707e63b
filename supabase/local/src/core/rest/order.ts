import { parseError } from './errors'
import { type Field, parseField } from './field'
import { splitTopLevel } from './split'

export type OrderTerm = { field: Field; direction: 'asc' | 'desc' | null; nulls: 'first' | 'last' | null }

/** Parses `order=a.desc.nullslast,b`. */
export function parseOrder(source: string): OrderTerm[] {
  let terms: string[]
  try {
    terms = splitTopLevel(source)
  } catch {
    throw parseError('order', source)
  }
  return terms.map((term) => {
    const [fieldText = '', ...modifiers] = term.split('.')
    let field: Field
    try {
      field = parseField(fieldText)
    } catch {
      throw parseError('order', source, `bad column "${fieldText}"`)
    }
    const order: OrderTerm = { field, direction: null, nulls: null }
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
