import type { HomeSearch } from '../types/home-search'
import { EPC_RATINGS, type EpcLetter, type PropertyType } from './property-fact-values'

/**
 * The property facts' filters of a search (issue 55) as lists: apart from home-search.ts, which every screen's
 * first render carries, because only the matcher, the filter sheet and saved-search names read them.
 */

/** The property types a search asks for (none when any will do). */
export const propertyTypesOf = (search: Pick<HomeSearch, 'propertyType'>): PropertyType[] =>
  search.propertyType ? (search.propertyType.split(',') as PropertyType[]) : []

/** The EPC ratings `EPC at least` a letter lets through: A up to that letter. */
export const epcRatingsFrom = (letter: EpcLetter): EpcLetter[] =>
  EPC_RATINGS.slice(0, EPC_RATINGS.indexOf(letter) + 1)
