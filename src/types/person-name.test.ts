import { describe, expect, it } from 'vitest'
import { PERSON_NAME_TOO_LONG, personNameFits } from './person-name'

describe('a person name', () => {
  it('fits in 80 characters, counted as the database counts them', () => {
    expect(personNameFits('a'.repeat(80))).toBe(true)
    expect(personNameFits('a'.repeat(81))).toBe(false)
    // 80 emoji are 160 UTF-16 units but 80 characters to Postgres.
    expect(personNameFits('😀'.repeat(80))).toBe(true)
    expect(PERSON_NAME_TOO_LONG).toBe('Name must be at most 80 characters')
  })
})
