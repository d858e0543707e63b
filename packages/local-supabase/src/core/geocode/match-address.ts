import type { Gazetteer, Place } from './gazetteer'
import { normalizePlaceName, withoutPostcodes } from './place-name'

export const MAX_RESULTS = 5

export type PlaceMatch = { place: Place; confidence: number }

/** Words that end street names; alone they never name the town ("12 High Street" is not Street, Somerset). */
const STREET_WORDS = new Set(
  'street road lane avenue close way drive place crescent terrace gardens court square grove row mews walk hill green park'.split(
    ' ',
  ),
)

/** The trailing word runs of a part, longest first: "flat 2 portree" → "2 portree", "portree". */
function trailingRuns(part: string): string[] {
  const words = part.split(' ')
  return words
    .slice(1)
    .map((_, i) => words.slice(i + 1).join(' '))
    .filter((run) => !STREET_WORDS.has(run))
}

/**
 * Finds the town an address names. The address is split on commas and read from its most specific
 * part: the first part that is a place name wins ("12 High Street, Keswick, Cumbria" → Keswick);
 * failing that, the first part ending in one ("Flat 2 Portree"). Same-named places come most
 * populous first, those in a nation the address names ("Newport, Wales") before the rest.
 * Postcodes are ignored; nothing found gives an empty list.
 */
export function matchAddress(text: string, gazetteer: Gazetteer, limit = MAX_RESULTS): PlaceMatch[] {
  const parts = withoutPostcodes(text)
    .split(',')
    .map(normalizePlaceName)
    .filter((part) => part !== '')
  const nations = new Set(parts)
  const rank = (places: Place[], confidence: number) =>
    [...places]
      .sort(
        (a, b) => Number(nations.has(b.nation.toLowerCase())) - Number(nations.has(a.nation.toLowerCase())),
      )
      .slice(0, limit)
      // The first namesake gets the match's confidence; the others, less likely meant, half of it.
      .map((place, i) => ({ place, confidence: i === 0 ? confidence : confidence / 2 }))

  const whole = parts.find((part) => gazetteer.has(part))
  if (whole) return rank(gazetteer.get(whole) ?? [], 1)
  for (const part of parts) {
    const run = trailingRuns(part).find((candidate) => gazetteer.has(candidate))
    if (run) return rank(gazetteer.get(run) ?? [], 0.7)
  }
  return []
}
