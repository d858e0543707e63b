/** The search parameter that brings a visitor back to the time they chose, after signing in. */
export const CHOSEN_TIME_PARAM = 'viewingTime'
