/**
 * A database's schema as a map from each object's name (`function public.count_listings(words text, …)`,
 * `policy "…" on public.listings`) to what defines it, and the comparison of two such maps.
 */
export type SchemaSnapshot = Map<string, string>

export type SchemaDifference =
  | { object: string; kind: 'only-in-first'; first: string }
  | { object: string; kind: 'only-in-second'; second: string }
  | { object: string; kind: 'differs'; first: string; second: string }

/** Every object the two snapshots disagree on, by name. */
export function compareSnapshots(first: SchemaSnapshot, second: SchemaSnapshot): SchemaDifference[] {
  const differences: SchemaDifference[] = []
  const names = [...new Set([...first.keys(), ...second.keys()])].sort()
  for (const object of names) {
    const a = first.get(object)
    const b = second.get(object)
    if (a === b) continue
    if (a === undefined) differences.push({ object, kind: 'only-in-second', second: b ?? '' })
    else if (b === undefined) differences.push({ object, kind: 'only-in-first', first: a })
    else differences.push({ object, kind: 'differs', first: a, second: b })
  }
  return differences
}

/** One line per difference, naming the object and, for a changed one, the first line that differs. */
export function describeDifferences(
  differences: SchemaDifference[],
  names: { first: string; second: string },
): string {
  return differences
    .map((d) => {
      if (d.kind === 'only-in-first') return `${d.object}: only in ${names.first}`
      if (d.kind === 'only-in-second') return `${d.object}: only in ${names.second}`
      const a = d.first.split('\n')
      const b = d.second.split('\n')
      const at = a.findIndex((line, i) => line !== b[i])
      const line = at === -1 ? a.length : at
      return `${d.object}: differs at its line ${line + 1}\n  ${names.first}:  ${a[line] ?? '(end)'}\n  ${names.second}: ${b[line] ?? '(end)'}`
    })
    .join('\n')
}
