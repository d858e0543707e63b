/**
 * A place name reduced for matching: case, diacritics, apostrophes and punctuation ignored, and
 * "Saint" written "St" (GeoNames spells both), so "St. Ives" = "Saint Ives" and "Bo'ness" = "Bo’ness".
 */
export function normalizePlaceName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => (word === 'saint' ? 'st' : word))
    .join(' ')
}

/** UK postcodes and bare outcodes ("CA12 5AB", "CA12", "SW1A 1AA"), which name no town. */
const POSTCODE = /\b[a-z]{1,2}\d[a-z\d]?(\s*\d[a-z]{2})?\b/gi

export function withoutPostcodes(text: string): string {
  return text.replace(POSTCODE, ' ')
}
