// A person's name is shown in conversation lists and push titles, so the database keeps it to 80 characters
// (profiles_name_length); the sign-up and profile forms say so before sending.

export const PERSON_NAME_MAX = 80
export const PERSON_NAME_TOO_LONG = `Name must be at most ${PERSON_NAME_MAX} characters`

/** Counted as Postgres counts (code points, so an emoji is one), not as UTF-16 units. */
export const personNameFits = (name: string) => [...name].length <= PERSON_NAME_MAX
