// A build rule, not a habit: every class index.html's frame and early drawings use, where the build styles it
// at all, is styled in the stylesheet the HTML links (the first), never only in a stylesheet that arrives
// with a later chunk, after the early drawing has been painted without it.

import type { EarlyTemplate } from '../../src/first-screen/early-cards'

/** A template's markup with every part drawn (early-markup.tsx): what its classes are read from. */
export const everyPart = (template: EarlyTemplate): string =>
  template
    .map((part) => (typeof part === 'string' ? part : everyPart(part.slice(1) as EarlyTemplate)))
    .join('')

const words = (list: string) => list.split(/\s+/).filter(Boolean)

/**
 * The classes of index.html's frame (class="…") and of the early drawings' source: the class argument of
 * their element helper (`el(tag, 'a b', …)`, `earlyElement(doc, tag, 'a b', …)`) and classList.add('…').
 */
export function earlyClasses(html: string, drawingSource: string): Set<string> {
  const found = new Set<string>()
  const patterns = [
    [html, /class="([^"]+)"/g],
    // Quoted either way: a build may print the functions' source with double quotes.
    [drawingSource, /\b(?:el|earlyElement)\(\s*(?:doc,\s*)?(?:[\w.]+|["'][^"']*["']),\s*["']([^"']*)["']/g],
    [drawingSource, /classList\.add\(["']([^"']+)["']\)/g],
  ] as const
  for (const [text, pattern] of patterns)
    for (const match of text.matchAll(pattern)) for (const name of words(match[1] ?? '')) found.add(name)
  return found
}

const styles = (css: string, name: string) =>
  new RegExp(`\\.${name.replace(/[-_]/g, (c) => `\\${c}`)}(?![\\w-])`).test(css)

/**
 * The early-drawn classes that a later stylesheet styles and the first does not: the build fails on them.
 * `first` is the CSS the HTML links; `later` every other stylesheet of the build.
 */
export function missingFromFirstStylesheet(used: Set<string>, first: string, later: string[]): string[] {
  return [...used].filter((name) => !styles(first, name) && later.some((css) => styles(css, name))).sort()
}
