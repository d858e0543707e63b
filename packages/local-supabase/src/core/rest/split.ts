/**
 * Splits `text` at `separator` where it is outside double quotes and parentheses, as PostgREST's
 * grammar does for `select`, `or=(…)` and `in.(…)`. Quotes and escapes are kept; see `unquote`.
 */
export function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string
    if (quoted && char === '\\' && i + 1 < text.length) {
      current += char + text[i + 1]
      i++
      continue
    }
    if (char === '"') quoted = !quoted
    else if (!quoted && char === '(') depth++
    else if (!quoted && char === ')') depth--
    if (!quoted && depth === 0 && char === separator) {
      parts.push(current)
      current = ''
      continue
    }
    current += char
  }
  if (quoted || depth !== 0) throw new SyntaxError('unbalanced quotes or parentheses')
  parts.push(current)
  return parts
}

/** Removes surrounding double quotes and resolves `\"` and `\\` inside them; other text is returned as is. */
export function unquote(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text
  return text.slice(1, -1).replace(/\\(.)/g, '$1')
}
