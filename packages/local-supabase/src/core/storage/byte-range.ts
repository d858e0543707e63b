export type ByteRange = { start: number; end: number }

/**
 * Reads a single `Range: bytes=…` header against an object of `size` bytes: the range to send,
 * 'unsatisfiable' (416), or undefined to send the whole object (no header, several ranges, bad syntax).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (start >= size || end < start) return 'unsatisfiable'
  return { start, end }
}
