/**
 * A bucket's `file_size_limit` in bytes: a number, or text with a unit as Storage's
 * parseFileSizeToBytes reads it (`b`, `kb`, `mb`, `gb`, decimal, three significant digits).
 * Undefined when the text is not a size.
 */
export function parseFileSize(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value)
  if (!match) return /^[0-9]+$/.test(value) ? Number(value) : undefined
  const amount = Number(Number.parseFloat(match[1] ?? '').toPrecision(3))
  const unit = (match[2] ?? '').toUpperCase()
  const factor = unit === 'GB' ? 1e9 : unit === 'MB' ? 1e6 : unit === 'KB' ? 1e3 : 1
  return Math.floor(amount * factor)
}
