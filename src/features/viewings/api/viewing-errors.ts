import { AppError, toAppError } from '../../../lib/errors'

// The database's refusals (errcodes of class VW, see the viewings migration) as the app words them.
export const VIEWING_ERRORS: Record<string, string> = {
  VW001: 'That time was just taken: pick another',
  VW002: 'That time is no longer offered: pick another',
  VW003: 'Viewings are booked at least 1 hour ahead',
  VW004: 'You can hold up to 3 upcoming viewings of one home',
  VW005: 'You can hold up to 10 upcoming viewings',
  VW006: 'This is your own listing',
  VW010: 'A viewing time cannot be in the past',
  VW011: 'That time overlaps another viewing time',
  // The exclusion constraint behind the overlap check, should two runs race.
  '23P01': 'That time overlaps another viewing time',
  VW012: 'A viewing lasts at most 2 hours',
  VW013: 'Viewing times can be offered up to 90 days ahead',
  VW014: 'A listing can offer up to 40 open viewing times',
  VW015: 'Only the listing’s landlord offers its viewing times',
  VW020: 'You can only change your own viewings',
  VW021: 'Only the landlord confirms or declines a request',
  VW022: 'This viewing can no longer change',
}

/** A failed viewing call as an AppError whose message is the app's text for the refusal. */
export function viewingError(error: unknown): AppError {
  const e = toAppError(error)
  const text = e.code ? VIEWING_ERRORS[e.code] : undefined
  return text ? new AppError(text, { code: e.code, status: e.status, cause: error }) : e
}
