/**
 * "1 Bedroom", "3 Bedrooms": the singular form for exactly one (spec §2). Self-contained: index.html's inline
 * script runs its source (src/first-screen/early-cards.ts).
 */
export function pluralise(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}
