import { describe, expect, it } from 'vitest'
import { EARLY_DRAWING } from '../../src/first-screen/early-cards'
import { earlyMarkup } from './early-markup'
import { earlyClasses, everyPart, missingFromFirstStylesheet } from './first-stylesheet'

describe("the first stylesheet holds what index.html's early drawing uses", () => {
  const used = earlyClasses(
    '<main class="app-main"><div class="page">',
    "el('form', 'search-controls', el(card.heading, 'listing-card__name')); earlyElement(doc, 'div', 'listing-page__media'); page.classList.add('search-page')",
  )

  it('reads the classes of the frame and of the drawings, not their tags', () => {
    expect(used).toEqual(
      new Set([
        'app-main',
        'page',
        'search-controls',
        'listing-card__name',
        'listing-page__media',
        'search-page',
      ]),
    )
  })

  it("finds the classes of the drawings' templates and of their own elements", async () => {
    const templates = Object.values(await earlyMarkup())
      .map(everyPart)
      .join('')
    const drawn = earlyClasses(templates, EARLY_DRAWING.map(String).join('\n'))
    for (const name of [
      'listing-card__media',
      'badge--offer',
      'recommended-slide__caption',
      'listing-gallery-frame',
    ])
      expect(drawn).toContain(name)
  })

  it('names a class styled only in a later stylesheet, and nothing styled first or nowhere', () => {
    const first = '.page{gap:8px}.app-main{flex:1}'
    expect(
      missingFromFirstStylesheet(used, first, ['.listing-page__media{position:relative}', '.form{}']),
    ).toEqual(['listing-page__media'])
    expect(missingFromFirstStylesheet(used, `${first}.listing-page__media{x:1}`, ['.other{}'])).toEqual([])
    // A longer name that starts with the class is another class.
    expect(missingFromFirstStylesheet(new Set(['page']), '', ['.page-header{}'])).toEqual([])
  })
})
