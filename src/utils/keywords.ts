/**
 * Keywords as Postgres reads them (public.keyword_tokens): letters folded to lower-case ASCII by one fixed
 * table (no locale, no Unicode normalisation, so the database and the device fold identically), then split on
 * everything that is not a-z or 0-9. A listing's tokens come from its location, name and description; a search's
 * keywords match when each of its tokens starts some token of the listing (`gard` finds garden, `cafe` café).
 */

/** Each letter of FOLD_FROM becomes the letter at the same place of FOLD_TO (public.keyword_tokens' translate). */
export const FOLD_FROM =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćĈĉĊċČčĎďĐđÈÉÊËèéêëĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħÌÍÎÏìíîïĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłÑñŃńŅņŇňÒÓÔÕÖØòóôõöøŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųŴŵÝýÿŶŷŸŹźŻżŽž'
export const FOLD_TO =
  'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaaaaaaaccccccccccddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzz'

// Built on first use, so a module that takes only the limits below carries none of it.
let fold: Map<string, string> | undefined

/** At most this many keyword tokens are searched for; keywords longer than MAX_KEYWORDS_LENGTH are refused. */
export const MAX_KEYWORD_TOKENS = 8
export { MAX_KEYWORDS_LENGTH } from '../types/home-search'

export function foldText(text: string): string {
  fold ??= new Map([...FOLD_FROM].map((from, i) => [from, FOLD_TO[i] ?? '']))
  let out = ''
  for (const char of text) out += fold.get(char) ?? char
  return out
}

/** The distinct tokens of a text, in the order they first appear. */
export function keywordTokens(text: string | null | undefined): string[] {
  if (!text) return []
  return [
    ...new Set(
      foldText(text)
        .split(/[^a-z0-9]+/)
        .filter((token) => token.length > 0),
    ),
  ]
}

/** The tokens a search's keywords look for (the first MAX_KEYWORD_TOKENS). */
export const searchTokens = (keywords: string | undefined): string[] =>
  keywordTokens(keywords).slice(0, MAX_KEYWORD_TOKENS)

/** Whether every search token starts some token of the listing. */
export function matchesKeywords(listingTokens: readonly string[], tokens: readonly string[]): boolean {
  return tokens.every((token) => listingTokens.some((own) => own.startsWith(token)))
}
